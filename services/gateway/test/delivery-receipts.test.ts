import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  subjects,
  type GroupDelivered,
  type Message,
  type MessageReceipt,
  type ReceiptsReported,
  type SocketRead,
  type UsersSeen,
} from '@chat/contracts';
import { aMessage, collectEvents, eventually } from '#test-support';
import { startGateway } from './gateway-server.js';

let gateway: Awaited<ReturnType<typeof startGateway>>;
const reported: MessageReceipt[] = [];
const readReported: SocketRead[] = [];
const groupReported: GroupDelivered[] = [];
/** The groups each user is in, as the messages service would answer `groups.of`. */
const groupsOf = new Map<string, string[]>();
const unansweredOnce = new Set<string>();
const seen: UsersSeen['seen'] = [];
beforeAll(async () => {
  gateway = await startGateway();
  await gateway.bus.consumeEvents(subjects.receiptsReported, 'test', (payload) => {
    const event = JSON.parse(payload) as ReceiptsReported;
    reported.push(...event.delivered);
    readReported.push(...event.read);
    groupReported.push(...(event.groupDelivered ?? []));
  });
  gateway.bus.serve(subjects.groupsOf, async (payload) => {
    const { userId } = JSON.parse(payload) as { userId: string };
    // A user the messages service is too busy for, the first time it is asked: no answer.
    if (unansweredOnce.delete(userId)) await new Promise(() => {});
    return JSON.stringify({ groupIds: groupsOf.get(userId) ?? [] });
  });
  await gateway.bus.consumeEvents(subjects.usersSeen, 'test', (payload) => {
    seen.push(...(JSON.parse(payload) as UsersSeen).seen);
  });
});
afterAll(() => gateway.app.close());

describe('delivery receipts', () => {
  it('reports a message as delivered once a socket of its receiver acknowledged it, the newest per conversation', async () => {
    const bob = gateway.user();
    const socket = await bob.socket();
    socket.on('newMessage', (_message: unknown, received: () => void) => received());
    const sender = randomUUID();
    await gateway.publish(bob.id, aMessage({ _id: '101', senderId: sender, receiverId: bob.id, text: 'one' }));
    await gateway.publish(bob.id, aMessage({ _id: '102', senderId: sender, receiverId: bob.id, text: 'two' }));
    await eventually(() => reported.some((receipt) => receipt.userId === bob.id && receipt.upTo === '102'), 'the report of the newest');
    const mine = reported.filter((receipt) => receipt.userId === bob.id);
    expect(mine.at(-1)).toEqual({ userId: bob.id, senderId: sender, upTo: '102', at: expect.any(String) });
    expect(mine.every((receipt) => receipt.senderId === sender)).toBe(true);
    socket.disconnect();
  });

  it('reports a message read by the socket that says so in its acknowledgement, and ignores a malformed one', async () => {
    const cy = gateway.user();
    const reading = await cy.socket();
    const malformed = gateway.user();
    const malformedSocket = await malformed.socket();
    reading.on('newMessage', (_message: unknown, received: (ack: unknown) => void) => received({ read: true }));
    malformedSocket.on('newMessage', (_message: unknown, received: (ack: unknown) => void) => received({ read: 'yes' }));
    const sender = randomUUID();
    await gateway.publish(malformed.id, aMessage({ _id: '301', senderId: sender, receiverId: malformed.id, text: 'hi' }));
    await gateway.publish(cy.id, aMessage({ _id: '302', senderId: sender, receiverId: cy.id, text: 'read me' }));
    await eventually(() => readReported.some((receipt) => receipt.userId === cy.id), 'the read report');
    expect(readReported.filter((receipt) => receipt.userId === cy.id)).toEqual([
      { userId: cy.id, senderId: sender, upTo: '302', at: expect.any(String), originSocketId: reading.id },
    ]);
    await eventually(
      () => reported.some((receipt) => receipt.userId === malformed.id),
      'the malformed acknowledgement counted as a delivery',
    );
    expect(readReported.filter((receipt) => receipt.userId === malformed.id)).toEqual([]);
    reading.disconnect();
    malformedSocket.disconnect();
  });

  it('reports what a member’s socket says it has of a group (the newest), and nothing of a group they are not in', async () => {
    const eve = gateway.user();
    const [hikers, strangers] = [randomUUID(), randomUUID()];
    groupsOf.set(eve.id, [hikers]);
    const socket = await eve.socket();
    socket.emit('groupReceived', { groupId: strangers, upTo: '7' });
    socket.emit('groupReceived', { groupId: hikers, upTo: 'not an id' });
    socket.emit('groupReceived', { groupId: hikers, upTo: '8' });
    socket.emit('groupReceived', { groupId: hikers, upTo: '9' });
    await eventually(
      () => groupReported.some((receipt) => receipt.userId === eve.id && receipt.upTo === '9'),
      'the newest receipt reported',
    );
    const eves = groupReported.filter((receipt) => receipt.userId === eve.id);
    expect(eves.at(-1)).toEqual({ groupId: hikers, userId: eve.id, upTo: '9', at: expect.any(String) });
    expect(eves.every((receipt) => receipt.groupId === hikers && ['8', '9'].includes(receipt.upTo))).toBe(true);
    socket.disconnect();
  });

  it('learns a user’s groups even when the messages service does not answer the first time, and hears them then', async () => {
    const fay = gateway.user();
    const group = randomUUID();
    groupsOf.set(fay.id, [group]);
    unansweredOnce.add(fay.id);
    const socket = await fay.socket();
    const heard = collectEvents<Message>(socket, 'newMessage');
    const message = aMessage({ _id: '401', senderId: randomUUID(), receiverId: group, groupId: group, text: 'late but here' });
    await eventually(
      async () => {
        await gateway.bus.publish(subjects.groupEvents(group), JSON.stringify({ event: 'newMessage', payload: message }));
        return heard.length > 0;
      },
      'the group’s message at her socket, once her groups were learnt on a second ask',
      10_000,
    );
    expect(heard[0]).toMatchObject({ text: 'late but here' });
    socket.disconnect();
  });

  it('passes a read to the reader’s other tabs but not to the tab that read it', async () => {
    const dee = gateway.user();
    const [readingTab, otherTab] = [await dee.socket(), await dee.socket()];
    const [onReading, onOther] = [collectEvents(readingTab, 'messagesRead'), collectEvents(otherTab, 'messagesRead')];
    const receipt: MessageReceipt = { userId: dee.id, senderId: randomUUID(), upTo: '9', at: new Date().toISOString() };
    await gateway.bus.publish(
      subjects.userEvents(dee.id),
      JSON.stringify({ event: 'messagesRead', payload: receipt, originSocketId: readingTab.id }),
    );
    await gateway.bus.publish(subjects.userEvents(dee.id), JSON.stringify({ event: 'messagesRead', payload: { ...receipt, upTo: '10' } }));
    await eventually(() => onReading.length > 0, 'the read from elsewhere on the reading tab');
    expect(onReading).toEqual([{ ...receipt, upTo: '10' }]);
    expect(onOther).toEqual([receipt, { ...receipt, upTo: '10' }]);
    readingTab.disconnect();
    otherTab.disconnect();
  });

  it('reports nothing for a socket that never acknowledged, nor for the sender’s own copy', async () => {
    const silent = gateway.user();
    const ann = gateway.user();
    const silentSocket = await silent.socket();
    const annSocket = await ann.socket();
    annSocket.on('newMessage', (_message: unknown, received?: () => void) => received?.());
    const acknowledging = gateway.user();
    const acknowledgingSocket = await acknowledging.socket();
    acknowledgingSocket.on('newMessage', (_message: unknown, received: () => void) => received());
    await gateway.publish(silent.id, aMessage({ _id: '201', senderId: ann.id, receiverId: silent.id, text: 'unheard' }));
    await gateway.publish(ann.id, aMessage({ _id: '201', senderId: ann.id, receiverId: silent.id, text: 'unheard' }));
    // Published after them: once its report is in, theirs would have been too.
    await gateway.publish(acknowledging.id, aMessage({ _id: '202', senderId: ann.id, receiverId: acknowledging.id, text: 'heard' }));
    await eventually(() => reported.some((receipt) => receipt.upTo === '202'), 'the acknowledged message’s report');
    expect(reported.filter((receipt) => receipt.upTo === '201')).toEqual([]);
    for (const socket of [silentSocket, annSocket, acknowledgingSocket]) socket.disconnect();
  });

  it('passes delivered and read receipts to every socket of the user they are for, and to no one else', async () => {
    const ann = gateway.user();
    const eve = gateway.user();
    const annTabs = await Promise.all([ann.socket(), ann.socket()]);
    const eveSocket = await eve.socket();
    const delivered = annTabs.map((tab) => collectEvents(tab, 'messagesDelivered'));
    const read = annTabs.map((tab) => collectEvents(tab, 'messagesRead'));
    const eavesdropped = [collectEvents(eveSocket, 'messagesDelivered'), collectEvents(eveSocket, 'messagesRead')];
    const receipt: MessageReceipt = { userId: randomUUID(), senderId: ann.id, upTo: '7', at: new Date().toISOString() };
    await gateway.bus.publish(subjects.userEvents(ann.id), JSON.stringify({ event: 'messagesDelivered', payload: receipt }));
    await gateway.bus.publish(subjects.userEvents(ann.id), JSON.stringify({ event: 'messagesRead', payload: receipt }));
    await eventually(() => read.every((events) => events.length === 1), 'both tabs hear the read');
    expect(delivered).toEqual([[receipt], [receipt]]);
    expect(read).toEqual([[receipt], [receipt]]);
    // Eve's own event, published after Ann's: had Ann's reached her, it would have come first.
    await gateway.bus.publish(subjects.userEvents(eve.id), JSON.stringify({ event: 'messagesRead', payload: { ...receipt, upTo: '8' } }));
    await eventually(() => eavesdropped[1]!.length === 1, 'Eve hears her own');
    expect(eavesdropped).toEqual([[], [{ ...receipt, upTo: '8' }]]);
    for (const socket of [...annTabs, eveSocket]) socket.disconnect();
  });
});

describe('last seen', () => {
  it('reports a user seen as they arrive and as their last socket here closes', async () => {
    const cy = gateway.user();
    const first = await cy.socket();
    const second = await cy.socket();
    await eventually(() => seen.some((entry) => entry.userId === cy.id), 'seen on arrival');
    const arrived = seen.filter((entry) => entry.userId === cy.id);
    expect(arrived).toHaveLength(1);
    first.disconnect();
    second.disconnect();
    await eventually(() => seen.filter((entry) => entry.userId === cy.id).length === 2, 'seen as the last socket closed');
    expect(seen.filter((entry) => entry.userId === cy.id).at(-1)!.at >= arrived[0]!.at).toBe(true);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectEvents, eventually, pause } from '#test-support';
import { startGateway } from './gateway-server.js';

let gateway: Awaited<ReturnType<typeof startGateway>>;
beforeAll(async () => {
  gateway = await startGateway();
});
afterAll(() => gateway.app.close());

describe('newMessage delivery', () => {
  it('emits a message to every socket of its user and to no one else', async () => {
    const bob = gateway.user();
    const eve = gateway.user();
    const bobTabs = await Promise.all([bob.socket(), bob.socket()]);
    const eveSocket = await eve.socket();
    const received = bobTabs.map((tab) => collectEvents(tab, 'newMessage'));
    const eavesdropped = collectEvents(eveSocket, 'newMessage');
    const message = { _id: '1', senderId: 'someone', receiverId: bob.id, text: 'hi Bob', image: null, createdAt: new Date().toISOString() };
    await gateway.publish(bob.id, message);
    await eventually(() => received.every((r) => r.length === 1), 'both tabs receive');
    expect(received).toEqual([[message], [message]]);
    await pause(100);
    expect(eavesdropped).toEqual([]);
    for (const socket of [...bobTabs, eveSocket]) socket.disconnect();
  });

  it('skips the socket that sent the message', async () => {
    const ann = gateway.user();
    const sendingTab = await ann.socket();
    const otherTab = await ann.socket();
    const onSending = collectEvents(sendingTab, 'newMessage');
    const onOther = collectEvents(otherTab, 'newMessage');
    await gateway.publish(ann.id, { _id: '2', senderId: ann.id, receiverId: 'x', text: 'from tab 1' }, sendingTab.id);
    await eventually(() => onOther.length === 1, 'the other tab receives');
    await pause(100);
    expect(onSending).toEqual([]);
    sendingTab.disconnect();
    otherTab.disconnect();
  });

  it('stops listening for a user whose last socket left, and listens again on return', async () => {
    const dan = gateway.user();
    const first = await dan.socket();
    first.disconnect();
    await pause(50);
    const second = await dan.socket();
    const received = collectEvents(second, 'newMessage');
    await gateway.publish(dan.id, { _id: '3', senderId: 'x', receiverId: dan.id, text: 'welcome back' });
    await eventually(() => received.length === 1, 'the returning socket receives');
    await pause(100);
    expect(received).toHaveLength(1);
    second.disconnect();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNatsBus } from '@chat/bus/nats';
import { subjects } from '@chat/contracts';
import {
  aMessage,
  collectEvents,
  connected,
  eventually,
  openSocket,
  serverUrl,
  startTcpProxy,
  throughProxy,
  uniqueName,
} from '#test-support';
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
    const message = aMessage({ _id: '1', senderId: 'someone', receiverId: bob.id, text: 'hi Bob' });
    await gateway.publish(bob.id, message);
    await eventually(() => received.every((r) => r.length === 1), 'both tabs receive');
    expect(received).toEqual([[message], [message]]);
    // Published after Bob's: had his reached Eve, it would have come first.
    const forEve = { ...message, _id: '1b', receiverId: eve.id, text: 'hi Eve' };
    await gateway.publish(eve.id, forEve);
    await eventually(() => eavesdropped.length > 0, 'Eve receives her own');
    expect(eavesdropped).toEqual([forEve]);
    for (const socket of [...bobTabs, eveSocket]) socket.disconnect();
  });

  it('skips the socket that sent the message', async () => {
    const ann = gateway.user();
    const sendingTab = await ann.socket();
    const otherTab = await ann.socket();
    const onSending = collectEvents(sendingTab, 'newMessage');
    const onOther = collectEvents(otherTab, 'newMessage');
    await gateway.publish(ann.id, aMessage({ _id: '2', senderId: ann.id, receiverId: 'x', text: 'from tab 1' }), sendingTab.id);
    await eventually(() => onOther.length === 1, 'the other tab receives');
    // Sent from elsewhere after it: the sending tab gets this one, and would have got its own first.
    await gateway.publish(ann.id, aMessage({ _id: '2b', senderId: 'x', receiverId: ann.id, text: 'a reply' }));
    await eventually(() => onSending.length > 0, 'the sending tab receives the reply');
    expect(onSending.map((m: { _id: string }) => m._id)).toEqual(['2b']);
    sendingTab.disconnect();
    otherTab.disconnect();
  });

  it('emits a changed message to every socket of its user as messageUpdated, and to no one else', async () => {
    const gus = gateway.user();
    const eve = gateway.user();
    const tabs = await Promise.all([gus.socket(), gus.socket()]);
    const eveSocket = await eve.socket();
    const updated = tabs.map((tab) => collectEvents(tab, 'messageUpdated'));
    const eavesdropped = collectEvents(eveSocket, 'messageUpdated');
    const message = aMessage({ _id: '7', senderId: gus.id, receiverId: 'x', text: 'fixed typo' });
    const edited = { ...message, editedAt: new Date().toISOString() };
    await gateway.bus.publish(subjects.userEvents(gus.id), JSON.stringify({ event: 'messageUpdated', payload: edited }));
    await eventually(() => updated.every((events) => events.length === 1), 'both tabs get the change');
    expect(updated).toEqual([[edited], [edited]]);
    // Published after Gus's: had his reached Eve, it would have come first.
    const evesOwn = { ...edited, _id: '7b', senderId: eve.id };
    await gateway.bus.publish(subjects.userEvents(eve.id), JSON.stringify({ event: 'messageUpdated', payload: evesOwn }));
    await eventually(() => eavesdropped.length > 0, 'Eve gets her own change');
    expect(eavesdropped).toEqual([evesOwn]);
    for (const socket of [...tabs, eveSocket]) socket.disconnect();
  });

  it('tells every socket of a user the conversations they pinned, muted, archived, marked unread and cleared and the messages they starred and deleted for themselves elsewhere, and no one else', async () => {
    const hal = gateway.user();
    const eve = gateway.user();
    const tabs = await Promise.all([hal.socket(), hal.socket()]);
    const eveSocket = await eve.socket();
    const told = {
      conversationPinned: { userId: eve.id, pinned: true },
      conversationMuted: { userId: eve.id, muted: true, until: null },
      conversationArchived: { userId: eve.id, archived: true },
      conversationMarkedUnread: { userId: eve.id, markedUnread: true },
      messageStarred: { userId: eve.id, messageId: '12', starred: true },
      messagesHidden: {
        userId: eve.id,
        messageIds: ['13', '14'],
        lastMessage: aMessage({ _id: '11', senderId: hal.id, receiverId: eve.id, text: 'still here' }),
      },
      conversationCleared: { userId: eve.id, upTo: '15' },
    };
    const names = Object.keys(told) as (keyof typeof told)[];
    const heard = tabs.map((tab) => names.map((name) => collectEvents(tab, name)));
    const eavesdropped = names.map((name) => collectEvents(eveSocket, name));
    for (const name of names) await gateway.bus.publish(subjects.userEvents(hal.id), JSON.stringify({ event: name, payload: told[name] }));
    await eventually(() => heard.flat().every((events) => events.length === 1), 'both tabs told of each');
    for (const tab of heard) expect(tab).toEqual(names.map((name) => [told[name]]));
    // Published after Hal's: had his reached Eve, they would have come first.
    await gateway.bus.publish(
      subjects.userEvents(eve.id),
      JSON.stringify({ event: 'conversationPinned', payload: { userId: hal.id, pinned: false } }),
    );
    await eventually(() => eavesdropped[0]!.length > 0, 'Eve told of her own');
    expect(eavesdropped).toEqual([[{ userId: hal.id, pinned: false }], [], [], [], [], [], []]);
    for (const socket of [...tabs, eveSocket]) socket.disconnect();
  });

  it('drops a delivery that is not a message, and delivers the next one', async () => {
    const fay = gateway.user();
    const socket = await fay.socket();
    const received = collectEvents<{ _id: string }>(socket, 'newMessage');
    await gateway.bus.publish(
      subjects.userEvents(fay.id),
      JSON.stringify({ event: 'newMessage', payload: { _id: 'x', text: '<script>' } }),
    );
    await gateway.bus.publish(subjects.userEvents(fay.id), 'not json');
    await gateway.publish(fay.id, aMessage({ _id: '6', senderId: 'x', receiverId: fay.id, text: 'a real one' }));
    await eventually(() => received.length > 0, 'the real message');
    expect(received.map((m) => m._id)).toEqual(['6']);
    socket.disconnect();
  });

  it('stops listening for a user whose last socket left, and listens again on return', async () => {
    const dan = gateway.user();
    const first = await dan.socket();
    first.disconnect();
    await eventually(async () => !(await gateway.presence.onlineUsers()).includes(dan.id), 'Dan gone from the gateway');
    const second = await dan.socket();
    const received = collectEvents<{ _id: string }>(second, 'newMessage');
    await gateway.publish(dan.id, aMessage({ _id: '3', senderId: 'x', receiverId: dan.id, text: 'welcome back' }));
    await gateway.publish(dan.id, aMessage({ _id: '4', senderId: 'x', receiverId: dan.id, text: 'and again' }));
    await eventually(() => received.some((m) => m._id === '4'), 'the returning socket receives');
    // A listener left over from the first socket would have delivered each twice.
    expect(received.map((m) => m._id)).toEqual(['3', '4']);
    second.disconnect();
  });
});

describe('newMessage delivery over NATS', () => {
  it('reaches a socket with a message published the moment its client sees connect, over a slow link to NATS', async () => {
    const nats = serverUrl('nats');
    const proxy = await startTcpProxy({ host: new URL(nats).hostname, port: Number(new URL(nats).port) });
    const subjectPrefix = uniqueName('test');
    const gatewayBus = await createNatsBus(throughProxy(nats, proxy), { subjectPrefix, onHandlerError: () => {} });
    const publisher = await createNatsBus(nats, { subjectPrefix, onHandlerError: () => {} });
    const slowGateway = await startGateway({ bus: gatewayBus });
    // The gateway's subscription now reaches NATS 300 ms after it is sent; the publisher is direct.
    proxy.delay(300);
    const user = slowGateway.user();
    const socket = openSocket(slowGateway.baseUrl, { cookie: user.cookie, userId: user.id });
    const received = collectEvents<{ text: string }>(socket, 'newMessage');
    await connected(socket);
    const message = aMessage({ _id: '5', senderId: 'x', receiverId: user.id, text: 'right away' });
    await publisher.publish(subjects.userEvents(user.id), JSON.stringify({ event: 'newMessage', payload: message }));
    await eventually(() => received.length === 1, 'the message on the new socket');
    socket.disconnect();
    await slowGateway.app.close();
    await Promise.all([gatewayBus.close(), publisher.close()]);
    await proxy.close();
  });
});

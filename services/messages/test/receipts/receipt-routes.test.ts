import { randomUUID } from 'node:crypto';
import { subjects, type InboxEntry, type Message, type MessageReceipt, type ReceiptsReported, type UserEvent } from '@chat/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseImplementations, eventually } from '#test-support';
import { startMessagesService } from '../messages-server.js';

describe.each(databaseImplementations)('receipts and last seen on %s', (_name, database) => {
  let server: Awaited<ReturnType<typeof startMessagesService>>;
  beforeAll(async () => {
    server = await startMessagesService({ database });
  });
  afterAll(() => server.app.close());

  type User = Awaited<ReturnType<typeof server.user>>;
  const send = async (from: User, to: User, text: string) => {
    const response = await from.client.post(`/api/messages/send/${to.id}`, { text });
    expect(response.status).toBe(201);
    return response.body as Message;
  };
  const history = async (viewer: User, peer: User) => (await viewer.client.get(`/api/messages/${peer.id}`)).body as Message[];
  const read = (reader: User, sender: User, upTo: string) => reader.client.post(`/api/messages/read/${sender.id}`, { upTo });
  /** What a gateway reports when a receiver's socket acknowledged a message. */
  const acknowledged = (message: Message, readBy?: string) => {
    const receipt: MessageReceipt = {
      userId: message.receiverId,
      senderId: message.senderId,
      upTo: message._id,
      at: new Date().toISOString(),
    };
    const event: ReceiptsReported = readBy
      ? { delivered: [], read: [{ ...receipt, originSocketId: readBy }] }
      : { delivered: [receipt], read: [] };
    return server.bus.publishEvent(subjects.receiptsReported, JSON.stringify(event), randomUUID());
  };
  const receipts = (events: UserEvent[]) => events.filter((event) => event.event !== 'newMessage');

  it('stamps messages delivered when a receiver’s socket acknowledged them, and tells the sender once', async () => {
    const ann = await server.user('Ann Delivered');
    const bob = await server.user('Bob Delivered');
    const first = await send(ann, bob, 'one');
    const second = await send(ann, bob, 'two');
    const toAnn = server.published(ann.id);
    const toBob = server.published(bob.id);
    await acknowledged(second);
    await acknowledged(first);
    expect(receipts(toAnn)).toEqual([
      { event: 'messagesDelivered', payload: { userId: bob.id, senderId: ann.id, upTo: second._id, at: expect.any(String) } },
    ]);
    expect(receipts(toBob), 'the receiver is not told of their own delivery').toEqual([]);
    const stamped = await history(ann, bob);
    expect(stamped.map((m) => m.deliveredAt)).toEqual([expect.any(String), expect.any(String)]);
    expect(stamped.map((m) => m.readAt)).toEqual([null, null]);
  });

  it('records a message read by the socket that acknowledged it: the sender hears read alone, the reader’s other tabs hear it', async () => {
    const ann = await server.user('Ann Socket Read');
    const bob = await server.user('Bob Socket Read');
    const message = await send(ann, bob, 'read as it arrived');
    const [toAnn, toBob] = [server.published(ann.id), server.published(bob.id)];
    await acknowledged(message, 'bob-tab-1');
    const receipt = { userId: bob.id, senderId: ann.id, upTo: message._id, at: expect.any(String) };
    expect(receipts(toAnn)).toEqual([{ event: 'messagesRead', payload: receipt }]);
    expect(receipts(toBob)).toEqual([{ event: 'messagesRead', payload: receipt, originSocketId: 'bob-tab-1' }]);
    expect(await history(ann, bob)).toEqual([expect.objectContaining({ deliveredAt: expect.any(String), readAt: expect.any(String) })]);
    const entries = (await bob.client.get('/api/messages/users?q=ann socket read')).body as InboxEntry[];
    expect(entries[0]!.unreadCount).toBe(0);
  });

  it('delivers what the receiver fetched: their history page and their inbox’s last messages', async () => {
    const ann = await server.user('Ann Fetched');
    const bob = await server.user('Bob Fetched');
    const cat = await server.user('Cat Fetched');
    const toAnn = await send(ann, bob, 'while Bob was away');
    const toCat = await send(cat, bob, 'Cat too');
    const annHears = server.published(ann.id);
    const catHears = server.published(cat.id);
    expect((await history(ann, bob))[0]!.deliveredAt, 'the sender fetching delivers nothing').toBeNull();
    await history(bob, ann);
    expect(receipts(annHears)).toEqual([
      { event: 'messagesDelivered', payload: expect.objectContaining({ userId: bob.id, upTo: toAnn._id }) },
    ]);
    const entries = (await bob.client.get('/api/messages/users?q=fetched')).body as InboxEntry[];
    expect(entries.map((entry) => entry.fullName)).toContain('Cat Fetched');
    expect(receipts(catHears)).toEqual([
      { event: 'messagesDelivered', payload: expect.objectContaining({ userId: bob.id, upTo: toCat._id }) },
    ]);
    expect((await history(cat, bob))[0]!.deliveredAt).toEqual(expect.any(String));
  });

  it('reads up to a message: the sender and the reader’s other tabs hear it, never backwards, never ahead, nobody else', async () => {
    const ann = await server.user('Ann Read');
    const bob = await server.user('Bob Read');
    const eve = await server.user('Eve Read');
    const elsewhere = await send(eve, bob, 'another conversation');
    const messages = [await send(ann, bob, 'one'), await send(ann, bob, 'two'), await send(ann, bob, 'three')];
    const mine = await send(bob, ann, 'my reply');
    const [toAnn, toBob, toEve] = [server.published(ann.id), server.published(bob.id), server.published(eve.id)];
    expect((await read(bob, ann, messages[1]!._id)).status).toBe(204);
    const receipt = { userId: bob.id, senderId: ann.id, upTo: messages[1]!._id, at: expect.any(String) };
    expect(receipts(toAnn)).toEqual([{ event: 'messagesRead', payload: receipt }]);
    expect(receipts(toBob)).toEqual([{ event: 'messagesRead', payload: receipt }]);
    let stamped = await history(ann, bob);
    expect(stamped.map((m) => [m.text, m.readAt !== null, m.deliveredAt !== null])).toEqual([
      ['one', true, true],
      ['two', true, true],
      ['three', false, false],
      ['my reply', false, false],
    ]);
    // Back: nothing moves and nobody hears of it.
    expect((await read(bob, ann, messages[0]!._id)).status).toBe(204);
    expect(receipts(toAnn)).toHaveLength(1);
    // Ahead of the conversation, or a message of another: refused, nothing read, nobody told.
    const [toldAnn, toldBob] = [receipts(toAnn).length, receipts(toBob).length];
    for (const upTo of ['999999999999', elsewhere._id]) {
      const refused = await read(bob, ann, upTo);
      expect([refused.status, refused.body], upTo).toEqual([404, { message: 'Message not found' }]);
    }
    expect([receipts(toAnn).length, receipts(toBob).length]).toEqual([toldAnn, toldBob]);
    stamped = await history(ann, bob);
    expect(stamped.map((m) => m.readAt !== null)).toEqual([true, true, false, false]);
    // Up to Bob's own reply, the latest: all of Ann's before it are read.
    expect((await read(bob, ann, mine._id)).status).toBe(204);
    expect(receipts(toAnn).at(-1)).toEqual({ event: 'messagesRead', payload: { ...receipt, upTo: mine._id } });
    stamped = await history(ann, bob);
    expect(stamped.map((m) => m.readAt !== null)).toEqual([true, true, true, false]);
    expect(toEve, 'a third user hears nothing').toEqual([]);
  });

  it('keeps reads private when the reader turned read receipts off: the sender sees two grey ticks', async () => {
    const ann = await server.user('Ann Private');
    const bob = await server.user('Bob Private', '', { sendReadReceipts: false, showLastSeen: true });
    const message = await send(ann, bob, 'did you read it?');
    const [toAnn, toBob] = [server.published(ann.id), server.published(bob.id)];
    await read(bob, ann, message._id);
    expect(receipts(toAnn)).toEqual([
      { event: 'messagesDelivered', payload: expect.objectContaining({ userId: bob.id, upTo: message._id }) },
    ]);
    expect(receipts(toBob), 'Bob’s other tabs still clear the badge').toEqual([
      { event: 'messagesRead', payload: expect.objectContaining({ upTo: message._id }) },
    ]);
    expect(await history(ann, bob)).toEqual([expect.objectContaining({ readAt: null, deliveredAt: expect.any(String) })]);
    const entries = (await bob.client.get('/api/messages/users?q=ann private')).body as InboxEntry[];
    expect(entries[0]!.unreadCount).toBe(0);
  });

  it('shows no reads to a sender who turned read receipts off', async () => {
    const ann = await server.user('Ann Sees None', '', { sendReadReceipts: false, showLastSeen: true });
    const bob = await server.user('Bob Reads');
    const message = await send(ann, bob, 'hello');
    const toAnn = server.published(ann.id);
    await read(bob, ann, message._id);
    expect(receipts(toAnn), 'delivered, never read').toEqual([
      { event: 'messagesDelivered', payload: expect.objectContaining({ upTo: message._id }) },
    ]);
    expect(await history(ann, bob)).toEqual([expect.objectContaining({ readAt: null })]);
    const entries = (await ann.client.get('/api/messages/users?q=bob reads')).body as InboxEntry[];
    expect(entries[0]!.lastMessage).toMatchObject({ _id: message._id, readAt: null });
    // Bob's own view of the conversation is unaffected.
    expect((await history(bob, ann))[0]!.readAt).toEqual(expect.any(String));
  });

  it('says when a contact was last online, unless they hide it', async () => {
    const me = await server.user('Me Seen');
    const open = await server.user('Open Seen');
    const hidden = await server.user('Hidden Seen', '', { sendReadReceipts: true, showLastSeen: false });
    // Later than their signup, which counts as seen.
    const at = new Date(Date.now() + 60 * 60_000).toISOString();
    const earlier = new Date(Date.now() + 30 * 60_000).toISOString();
    const seen = [open, hidden].flatMap((user) => [
      { userId: user.id, at },
      { userId: user.id, at: earlier },
    ]);
    await server.bus.publishEvent(subjects.usersSeen, JSON.stringify({ seen }), randomUUID());
    await server.bus.publishEvent(subjects.usersSeen, JSON.stringify({ seen: [{ userId: open.id, at: earlier }] }), randomUUID());
    await eventually(async () => {
      const entries = (await me.client.get('/api/messages/users?q=seen')).body as InboxEntry[];
      const byName = Object.fromEntries(entries.map((entry) => [entry.fullName, entry.lastSeen]));
      return byName['Open Seen'] === at && byName['Hidden Seen'] === null;
    }, 'the latest time for Open, none for Hidden');
    // Hidden does not see anyone's either.
    const theirs = (await hidden.client.get('/api/messages/users?q=open seen')).body as InboxEntry[];
    expect(theirs.map((entry) => entry.lastSeen)).toEqual([null]);
  });

  it('answers 404 for a read of an unknown user and 400 for a bad upTo', async () => {
    const ann = await server.user('Ann Bad Read');
    expect((await ann.client.post(`/api/messages/read/${randomUUID()}`, { upTo: '1' })).status).toBe(404);
    expect((await ann.client.post(`/api/messages/read/${randomUUID()}`, { upTo: 'x' })).body).toEqual({
      message: 'upTo must be a message id',
    });
  });
});

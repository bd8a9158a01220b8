import { randomUUID } from 'node:crypto';
import { BLOCKED_ERRORS, type InboxEntry, type Message, type UserEvent } from '@chat/contracts';
import { createInProcessBlockedPairs } from '@chat/presence';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseImplementations, pngBytes, toDataUrl } from '#test-support';
import { announceBlocks } from '../../src/blocks/blocks.js';
import { startMessagesService } from '../messages-server.js';

describe.each(databaseImplementations)('blocking a contact on %s', (_name, database) => {
  let server: Awaited<ReturnType<typeof startMessagesService>>;
  beforeAll(async () => {
    server = await startMessagesService({ database });
  });
  afterAll(() => server.app.close());

  type User = Awaited<ReturnType<typeof server.user>>;
  const send = (from: User, to: User, body: { text?: string; image?: string; clientMessageId?: string }) =>
    from.client.post(`/api/messages/send/${to.id}`, body);
  const block = (blocker: User, blocked: User) => blocker.client.post(`/api/messages/block/${blocked.id}`);
  const unblock = (blocker: User, blocked: User) => blocker.client.post(`/api/messages/unblock/${blocked.id}`);
  const history = async (viewer: User, peer: User) => (await viewer.client.get(`/api/messages/${peer.id}`)).body as Message[];
  const entryFor = async (viewer: User, peer: User) =>
    ((await viewer.client.get('/api/messages/users')).body as InboxEntry[]).find((entry) => entry._id === peer.id)!;
  const blockEvents = (events: UserEvent[]) => events.filter((event) => event.event === 'blocksChanged');

  it('refuses the blocked person’s messages to the blocker, and the blocker’s to them, saying why, until it is lifted', async () => {
    const ann = await server.user('Ann Blocker');
    const bob = await server.user('Bob Blocked');
    const before = await send(bob, ann, { text: 'hi Ann' });
    expect(before.status).toBe(201);
    const toAnn = server.published(ann.id);
    const toBob = server.published(bob.id);

    expect((await block(ann, bob)).status).toBe(204);
    const change = { event: 'blocksChanged', payload: { blockerId: ann.id, blockedId: bob.id, blocked: true } };
    expect(blockEvents(toAnn)).toEqual([change]);
    expect(blockEvents(toBob)).toEqual([change]);
    expect(await server.blockedPairs.hiddenPeers(bob.id)).toEqual([ann.id]);
    expect((await ann.client.get('/api/messages/blocked')).body).toEqual([{ _id: bob.id, fullName: 'Bob Blocked', profilePic: '' }]);
    expect((await bob.client.get('/api/messages/blocked')).body).toEqual([]);

    for (const body of [{ text: 'are you there?' }, { image: toDataUrl(await pngBytes(), 'image/png') }]) {
      const refused = await send(bob, ann, body);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ message: BLOCKED_ERRORS.blockedByReceiver });
    }
    const mine = await send(ann, bob, { text: 'from the blocker' });
    expect(mine.status).toBe(403);
    expect(mine.body).toEqual({ message: BLOCKED_ERRORS.receiverBlocked });
    expect((await history(ann, bob)).map((message) => message.text)).toEqual(['hi Ann']);

    expect((await unblock(ann, bob)).status).toBe(204);
    expect(blockEvents(toBob)).toEqual([change, { ...change, payload: { ...change.payload, blocked: false } }]);
    expect(await server.blockedPairs.hiddenPeers(bob.id)).toEqual([]);
    expect((await ann.client.get('/api/messages/blocked')).body).toEqual([]);
    expect((await send(bob, ann, { text: 'friends again?' })).status).toBe(201);
  });

  it('answers a retried send stored before the block with the stored message', async () => {
    const ann = await server.user('Ann Retry');
    const bob = await server.user('Bob Retry');
    const clientMessageId = randomUUID();
    const first = await send(bob, ann, { text: 'sent just before', clientMessageId });
    await block(ann, bob);
    const retry = await send(bob, ann, { text: 'sent just before', clientMessageId });
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
  });

  it('hides last seen and receipts between the two, while the blocker’s unread badge still clears', async () => {
    const ann = await server.user('Ann Private');
    const bob = await server.user('Bob Watcher');
    const sent = (await send(bob, ann, { text: 'read me' })).body as Message;
    expect((await entryFor(bob, ann)).lastSeen).not.toBeNull();
    await block(ann, bob);
    expect((await entryFor(bob, ann)).lastSeen).toBeNull();
    expect((await entryFor(ann, bob)).lastSeen).toBeNull();

    const toBob = server.published(bob.id);
    expect((await ann.client.post(`/api/messages/read/${bob.id}`, { upTo: sent._id })).status).toBe(204);
    expect((await entryFor(ann, bob)).unreadCount).toBe(0);
    expect(toBob.filter((event) => event.event === 'messagesRead' || event.event === 'messagesDelivered')).toEqual([]);
    expect((await history(bob, ann))[0]).toMatchObject({ _id: sent._id, readAt: null });
  });

  it('refuses reactions and edits across the block, either way', async () => {
    const ann = await server.user('Ann React');
    const bob = await server.user('Bob React');
    const hers = (await send(ann, bob, { text: 'hers' })).body as Message;
    const his = (await send(bob, ann, { text: 'his' })).body as Message;
    await block(ann, bob);
    const reaction = await bob.client.post(`/api/messages/react/${hers._id}`, { emoji: '👍' });
    expect(reaction.status).toBe(403);
    expect(reaction.body).toEqual({ message: BLOCKED_ERRORS.blockedByReceiver });
    expect((await ann.client.post(`/api/messages/react/${his._id}`, { emoji: '👍' })).body).toEqual({
      message: BLOCKED_ERRORS.receiverBlocked,
    });
    expect((await bob.client.post(`/api/messages/edit/${his._id}`, { text: 'changed' })).status).toBe(403);
    expect((await history(ann, bob)).map((message) => [message.text, message.reactions])).toEqual([
      ['hers', []],
      ['his', []],
    ]);
  });

  it('answers 400 for oneself and a bad id, 404 for an unknown user, 401 without a session', async () => {
    const ann = await server.user('Ann Errors');
    expect((await block(ann, ann)).body).toEqual({ message: 'You cannot block yourself' });
    expect((await ann.client.post('/api/messages/block/nobody')).status).toBe(400);
    const unknown = await ann.client.post(`/api/messages/block/${randomUUID()}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'User not found' });
    ann.client.cookie = '';
    expect((await ann.client.get('/api/messages/blocked')).status).toBe(401);
  });

  it('writes every block into a blocked-pairs copy that lost its data, as a restart does', async () => {
    const ann = await server.user('Ann Restart');
    const bob = await server.user('Bob Restart');
    await block(ann, bob);
    const fresh = createInProcessBlockedPairs();
    await announceBlocks(server.db, fresh, 2);
    expect(await fresh.hiddenPeers(ann.id)).toEqual([bob.id]);
  });
});

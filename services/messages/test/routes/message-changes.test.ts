import { EDIT_WINDOW_MINUTES, type Message, type UserEvent } from '@chat/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseImplementations, pngBytes, toDataUrl } from '#test-support';
import { startMessagesService } from '../messages-server.js';

describe.each(databaseImplementations)('changing a message on %s', (_name, database) => {
  let server: Awaited<ReturnType<typeof startMessagesService>>;
  beforeAll(async () => {
    server = await startMessagesService({ database });
  });
  afterAll(() => server.app.close());

  type User = Awaited<ReturnType<typeof server.user>>;
  const send = async (from: User, to: User, body: { text?: string; image?: string }) => {
    const response = await from.client.post(`/api/messages/send/${to.id}`, body);
    expect(response.status).toBe(201);
    return response.body as Message;
  };
  const edit = (editor: User, messageId: string, text: unknown) => editor.client.post(`/api/messages/edit/${messageId}`, { text });
  const history = async (viewer: User, peer: User) => (await viewer.client.get(`/api/messages/${peer.id}`)).body as Message[];
  const updates = (events: UserEvent[]) => events.filter((event) => event.type === 'messageUpdated');

  describe('editing', () => {
    it('changes my message’s text, marks it edited, and tells both of us once', async () => {
      const ann = await server.user('Ann Editor');
      const bob = await server.user('Bob Reader');
      const sent = await send(ann, bob, { text: 'see you at 5' });
      expect(sent.editedAt).toBeNull();
      const toAnn = server.published(ann.id);
      const toBob = server.published(bob.id);

      const response = await edit(ann, sent._id, '  see you at 6 ');
      expect(response.status).toBe(200);
      const edited = response.body as Message;
      expect(edited).toEqual({ ...sent, text: 'see you at 6', editedAt: expect.any(String) });
      expect(updates(toAnn)).toEqual([{ type: 'messageUpdated', message: edited }]);
      expect(updates(toBob)).toEqual([{ type: 'messageUpdated', message: edited }]);
      expect(await history(bob, ann)).toEqual([edited]);

      expect((await edit(ann, sent._id, 'see you at 6')).status, 'the same text again changes nothing').toBe(200);
      expect(updates(toBob)).toHaveLength(1);
    });

    it('answers 403 to the receiver, 404 to a third person and to an unknown id, and changes nothing', async () => {
      const ann = await server.user('Ann Owner');
      const bob = await server.user('Bob Other');
      const eve = await server.user('Eve Outsider');
      const sent = await send(ann, bob, { text: 'mine' });
      const byBob = await edit(bob, sent._id, 'hacked');
      expect(byBob.status).toBe(403);
      expect(byBob.body).toEqual({ message: 'You can only edit your own messages' });
      const byEve = await edit(eve, sent._id, 'hacked');
      expect(byEve.status).toBe(404);
      expect(byEve.body).toEqual({ message: 'Message not found' });
      expect((await edit(ann, '999999999', 'x')).status).toBe(404);
      expect((await history(ann, bob)).map((message) => message.text)).toEqual(['mine']);
    });

    it(`refuses after ${EDIT_WINDOW_MINUTES} minutes, an image without text, and bad text, saying why`, async () => {
      const ann = await server.user('Ann Late');
      const bob = await server.user('Bob Late');
      const old = await send(ann, bob, { text: 'old news' });
      await server.db.query(`UPDATE messages SET created_at = now() - make_interval(mins => $2) WHERE id = $1`, [
        old._id,
        EDIT_WINDOW_MINUTES + 1,
      ]);
      const late = await edit(ann, old._id, 'new news');
      expect(late.status).toBe(403);
      expect(late.body).toEqual({ message: `A message can only be edited within ${EDIT_WINDOW_MINUTES} minutes of sending` });

      const photo = await send(ann, bob, { image: toDataUrl(await pngBytes(4, 4), 'image/png') });
      expect((await edit(ann, photo._id, 'a caption')).body).toEqual({ message: 'Only a message with text can be edited' });

      const fresh = await send(ann, bob, { text: 'fresh' });
      expect((await edit(ann, fresh._id, '   ')).body).toEqual({ message: 'Message text cannot be empty' });
      expect((await edit(ann, fresh._id, 'x'.repeat(2001))).status).toBe(400);
      expect((await edit(ann, fresh._id, 42)).status).toBe(400);
      expect((await ann.client.post('/api/messages/edit/not-an-id', { text: 'x' })).body).toEqual({ message: 'Invalid message id' });
      expect((await history(ann, bob)).map((message) => [message.text, message.editedAt])).toEqual([
        ['old news', null],
        [null, null],
        ['fresh', null],
      ]);
    });
  });

  describe('deleting for everyone', () => {
    const remove = (by: User, messageId: string) => by.client.post(`/api/messages/delete/${messageId}`);

    it('leaves a tombstone in its place for both, removes its image file, and tells both of us once', async () => {
      const ann = await server.user('Ann Deleter');
      const bob = await server.user('Bob Witness');
      await send(ann, bob, { text: 'before' });
      const photo = await send(ann, bob, { text: 'oops', image: toDataUrl(await pngBytes(4, 4), 'image/png') });
      expect((await bob.client.get(photo.image!)).status).toBe(200);
      const toAnn = server.published(ann.id);
      const toBob = server.published(bob.id);

      const response = await remove(ann, photo._id);
      expect(response.status).toBe(200);
      const tombstone = response.body as Message;
      expect(tombstone).toEqual({ ...photo, text: null, image: null, deletedAt: expect.any(String) });
      expect(updates(toAnn)).toEqual([{ type: 'messageUpdated', message: tombstone }]);
      expect(updates(toBob)).toEqual([{ type: 'messageUpdated', message: tombstone }]);
      expect((await history(bob, ann)).map((message) => [message.text, message.deletedAt !== null])).toEqual([
        ['before', false],
        [null, true],
      ]);
      const inbox = (await bob.client.get('/api/messages/users')).body as { _id: string; lastMessage: Message | null }[];
      // Delivered by now: Bob's history fetch just above carried it.
      expect(inbox.find((entry) => entry._id === ann.id)?.lastMessage).toEqual({ ...tombstone, deliveredAt: expect.any(String) });
      expect((await bob.client.get(photo.image!)).status, 'its image answers 404').toBe(404);

      expect((await remove(ann, photo._id)).status, 'deleting again changes nothing').toBe(200);
      expect(updates(toBob)).toHaveLength(1);
      expect((await ann.client.post(`/api/messages/edit/${photo._id}`, { text: 'back' })).body).toEqual({
        message: 'A deleted message cannot be edited',
      });
    });

    it('answers 403 to the receiver and 404 to a third person, and deletes nothing', async () => {
      const ann = await server.user('Ann Keeps');
      const bob = await server.user('Bob Tries');
      const eve = await server.user('Eve Tries');
      const sent = await send(ann, bob, { text: 'stays' });
      const byBob = await remove(bob, sent._id);
      expect(byBob.status).toBe(403);
      expect(byBob.body).toEqual({ message: 'You can only delete your own messages' });
      expect((await remove(eve, sent._id)).status).toBe(404);
      expect((await history(ann, bob)).map((message) => message.text)).toEqual(['stays']);
    });
  });
});

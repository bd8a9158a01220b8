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
  const send = async (from: User, to: User, body: { text?: string; image?: string; replyTo?: string }) => {
    const response = await from.client.post(`/api/messages/send/${to.id}`, body);
    expect(response.status).toBe(201);
    return response.body as Message;
  };
  const edit = (editor: User, messageId: string, text: unknown) => editor.client.post(`/api/messages/edit/${messageId}`, { text });
  const history = async (viewer: User, peer: User) => (await viewer.client.get(`/api/messages/${peer.id}`)).body as Message[];
  const updates = (events: UserEvent[]) => events.filter((event) => event.event === 'messageUpdated');

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
      expect(updates(toAnn)).toEqual([{ event: 'messageUpdated', payload: edited }]);
      expect(updates(toBob)).toEqual([{ event: 'messageUpdated', payload: edited }]);
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
      expect(updates(toAnn)).toEqual([{ event: 'messageUpdated', payload: tombstone }]);
      expect(updates(toBob)).toEqual([{ event: 'messageUpdated', payload: tombstone }]);
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

  describe('replying', () => {
    it('quotes the message it answers, and the quote follows that message’s edit and deletion', async () => {
      const ann = await server.user('Ann Asks');
      const bob = await server.user('Bob Answers');
      const question = await send(ann, bob, { text: 'lunch?' });
      const photo = await send(ann, bob, { image: toDataUrl(await pngBytes(4, 4), 'image/png') });
      const answer = await send(bob, ann, { text: 'yes!', replyTo: question._id });
      expect(answer.replyTo).toEqual({ _id: question._id, senderId: ann.id, text: 'lunch?', image: null });
      const aboutPhoto = await send(bob, ann, { text: 'nice', replyTo: photo._id });
      expect(aboutPhoto.replyTo).toEqual({ _id: photo._id, senderId: ann.id, text: null, image: photo.image });
      const quotes = async () => (await history(ann, bob)).flatMap((message) => (message.replyTo ? [message.replyTo] : []));
      expect(await quotes()).toEqual([answer.replyTo, aboutPhoto.replyTo]);

      await edit(ann, question._id, 'lunch at 1?');
      expect((await quotes())[0]?.text).toBe('lunch at 1?');
      await ann.client.post(`/api/messages/delete/${photo._id}`);
      expect((await quotes())[1]).toEqual({ _id: photo._id, senderId: ann.id, text: null, image: null });
    });

    it('answers 400 to a reply to another conversation’s message, an unknown id or a deleted message, and stores nothing', async () => {
      const ann = await server.user('Ann Strict');
      const bob = await server.user('Bob Strict');
      const eve = await server.user('Eve Elsewhere');
      const elsewhere = await send(eve, ann, { text: 'not yours, Bob' });
      const gone = await send(ann, bob, { text: 'gone' });
      await ann.client.post(`/api/messages/delete/${gone._id}`);
      const reply = (replyTo: string) => bob.client.post(`/api/messages/send/${ann.id}`, { text: 'reply', replyTo });

      for (const [replyTo, message] of [
        [elsewhere._id, 'You can only reply to a message in this conversation'],
        ['999999999', 'You can only reply to a message in this conversation'],
        [gone._id, 'A deleted message cannot be replied to'],
        ['first', 'replyTo must be a message id'],
      ]) {
        const refused = await reply(replyTo!);
        expect(refused.status, replyTo).toBe(400);
        expect(refused.body).toEqual({ message });
      }
      expect((await history(bob, ann)).map((message) => message.text)).toEqual([null]);
    });
  });

  describe('reacting', () => {
    const react = (by: User, messageId: string, emoji: unknown) => by.client.post(`/api/messages/react/${messageId}`, { emoji });

    it('toggles my one reaction, lets both of us react, and tells both of us each time', async () => {
      const ann = await server.user('Ann Jokes');
      const bob = await server.user('Bob Laughs');
      const joke = await send(ann, bob, { text: 'knock knock' });
      expect(joke.reactions).toEqual([]);
      const toAnn = server.published(ann.id);
      const toBob = server.published(bob.id);
      const reactionsAfter = async (by: User, emoji: string) => {
        const response = await react(by, joke._id, emoji);
        expect(response.status).toBe(200);
        return (response.body as Message).reactions;
      };

      expect(await reactionsAfter(bob, '😂')).toEqual([{ emoji: '😂', userIds: [bob.id] }]);
      expect(await reactionsAfter(ann, '❤️')).toEqual(
        [
          { emoji: '❤️', userIds: [ann.id] },
          { emoji: '😂', userIds: [bob.id] },
        ].sort((a, b) => (a.emoji < b.emoji ? -1 : 1)),
      );
      expect(await reactionsAfter(bob, '❤️'), 'another emoji replaces mine').toEqual([{ emoji: '❤️', userIds: [ann.id, bob.id].sort() }]);
      expect(await reactionsAfter(bob, '❤️'), 'the same one again takes it back').toEqual([{ emoji: '❤️', userIds: [ann.id] }]);

      expect(updates(toAnn).map((event) => event.payload.reactions)).toEqual(updates(toBob).map((event) => event.payload.reactions));
      expect(updates(toBob)).toHaveLength(4);
      expect((await history(bob, ann))[0]?.reactions).toEqual([{ emoji: '❤️', userIds: [ann.id] }]);
    });

    it('takes any single emoji, and answers 400 to anything else', async () => {
      const ann = await server.user('Ann Emoji');
      const bob = await server.user('Bob Emoji');
      const sent = await send(ann, bob, { text: 'pick one' });
      for (const emoji of ['👨‍👩‍👧', '🇫🇷', '👍🏽', '1️⃣']) expect((await react(bob, sent._id, emoji)).status, emoji).toBe(200);
      for (const emoji of ['a', '👍👍', '', ' 👍', 'x'.repeat(40), 42]) {
        const refused = await react(bob, sent._id, emoji);
        expect(refused.status, String(emoji)).toBe(400);
        expect(refused.body).toEqual({ message: 'Reaction must be a single emoji' });
      }
      expect((await history(ann, bob))[0]?.reactions).toEqual([{ emoji: '1️⃣', userIds: [bob.id] }]);
    });

    it('answers 404 to a third person and 403 on a deleted message, and a deletion takes the reactions away', async () => {
      const ann = await server.user('Ann Private');
      const bob = await server.user('Bob Private');
      const eve = await server.user('Eve Private');
      const sent = await send(ann, bob, { text: 'between us' });
      await react(bob, sent._id, '👍');
      const byEve = await react(eve, sent._id, '👎');
      expect(byEve.status).toBe(404);
      expect(byEve.body).toEqual({ message: 'Message not found' });
      await ann.client.post(`/api/messages/delete/${sent._id}`);
      const late = await react(bob, sent._id, '👍');
      expect(late.status).toBe(403);
      expect(late.body).toEqual({ message: 'A deleted message cannot be reacted to' });
      expect((await history(ann, bob))[0]?.reactions).toEqual([]);
    });
  });
});

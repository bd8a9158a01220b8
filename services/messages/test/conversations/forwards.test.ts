import { randomUUID } from 'node:crypto';
import { FORWARD_ERRORS, type Message, type UserEvent } from '@chat/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngBytes, toDataUrl } from '#test-support';
import { startMessagesService } from '../messages-server.js';

let server: Awaited<ReturnType<typeof startMessagesService>>;
beforeAll(async () => {
  server = await startMessagesService();
});
afterAll(() => server.app.close());

type User = Awaited<ReturnType<typeof server.user>>;
const send = (from: User, to: User, body: unknown) => from.client.post<Message>(`/api/messages/send/${to.id}`, body);

describe('forwarding a message', () => {
  it('carries the text and image of a message I received on to someone else, marked forwarded, storing the image once; it outlives the original', async () => {
    const [ann, bob, cat, dan] = [
      await server.user('Ann Forwards'),
      await server.user('Bob Forwards'),
      await server.user('Cat Forwards'),
      await server.user('Dan Forwards'),
    ];
    const photo = await pngBytes(640, 480);
    const original = (await send(bob, ann, { text: 'the view from the top', image: toDataUrl(photo, 'image/png') })).body;
    const toCat = server.published(cat.id);

    const forward = await send(ann, cat, { forwardOf: original._id, clientMessageId: randomUUID() });
    expect(forward.status).toBe(201);
    expect(forward.body).toMatchObject({
      senderId: ann.id,
      receiverId: cat.id,
      text: 'the view from the top',
      forwarded: true,
      replyTo: null,
    });
    expect(forward.body.image, 'the same stored picture, not a copy').toBe(original.image);
    expect(toCat).toEqual([expect.objectContaining({ event: 'newMessage', payload: forward.body } satisfies Partial<UserEvent>)]);
    expect(original, 'the original is not marked').not.toHaveProperty('forwarded');

    const carried = await cat.client.get(forward.body.image!);
    expect(carried.status).toBe(200);
    expect(Buffer.compare(carried.body as Buffer, (await ann.client.get(original.image!)).body as Buffer), 'the same picture').toBe(0);
    expect((await dan.client.get(forward.body.image!)).status, 'no one else’s').toBe(404);

    expect((await bob.client.post(`/api/messages/delete/${original._id}`)).status).toBe(200);
    expect((await cat.client.get(forward.body.image!)).status, 'the forward keeps it when the original is deleted').toBe(200);
    expect((await bob.client.get(original.image!)).status, 'but not for Bob, whose message it no longer is').toBe(404);
    const history = (await cat.client.get(`/api/messages/${ann.id}`)).body as Message[];
    expect(history.map((message) => [message.text, message.forwarded])).toEqual([['the view from the top', true]]);
  });

  it('forwards my own text, once for a retried clientMessageId', async () => {
    const [ann, bob, cat] = [await server.user('Ann Retries'), await server.user('Bob Retries'), await server.user('Cat Retries')];
    const mine = (await send(ann, bob, { text: 'meeting moved to 3' })).body;
    const clientMessageId = randomUUID();
    const first = await send(ann, cat, { forwardOf: mine._id, clientMessageId });
    const retry = await send(ann, cat, { forwardOf: mine._id, clientMessageId });
    expect([first.status, retry.status]).toEqual([201, 200]);
    expect(retry.body).toEqual(first.body);
    expect(first.body).toMatchObject({ text: 'meeting moved to 3', image: null, forwarded: true });
  });

  it('refuses a message neither mine nor to me, a deleted one, one with content of its own, and a blocked receiver', async () => {
    const [ann, bob, cat] = [await server.user('Ann Refused'), await server.user('Bob Refused'), await server.user('Cat Refused')];
    const theirs = (await send(bob, cat, { text: 'between Bob and Cat' })).body;
    const notMine = await send(ann, bob, { forwardOf: theirs._id });
    expect(notMine.status).toBe(404);
    expect(notMine.body).toEqual({ message: 'Message not found' });

    const gone = (await send(bob, ann, { text: 'soon deleted' })).body;
    await bob.client.post(`/api/messages/delete/${gone._id}`);
    const deleted = await send(ann, cat, { forwardOf: gone._id });
    expect(deleted.status).toBe(400);
    expect(deleted.body).toEqual({ message: FORWARD_ERRORS.deleted });

    const kept = (await send(bob, ann, { text: 'keep this' })).body;
    for (const extra of [{ text: 'and a comment' }, { image: toDataUrl(await pngBytes(), 'image/png') }, { replyTo: kept._id }]) {
      const withContent = await send(ann, bob, { forwardOf: kept._id, ...extra });
      expect(withContent.status).toBe(400);
      expect(withContent.body).toEqual({ message: FORWARD_ERRORS.withContent });
    }
    expect((await send(ann, cat, { forwardOf: 'nope' })).status).toBe(400);

    await cat.client.post(`/api/messages/block/${ann.id}`);
    expect((await send(ann, cat, { forwardOf: kept._id })).status).toBe(403);
    expect(((await ann.client.get(`/api/messages/${cat.id}`)).body as Message[]).length, 'nothing stored').toBe(0);
  });
});

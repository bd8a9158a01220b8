import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subjects, type RelayedSend, type SocketSendAnswer } from '@chat/contracts';
import { aMessage } from '#test-support';
import { startMessagesService } from '../messages-server.js';

let server: Awaited<ReturnType<typeof startMessagesService>>;
beforeAll(async () => {
  server = await startMessagesService({ rateLimits: { messagesPerMinutePerUser: 4, filesPerMinutePerUser: 4 } });
});
afterAll(() => server.app.close());

/** What a gateway does with its sockets' `sendMessage`s of one turn: one bus request, each as its socket's user. */
const relayAll = async (sends: RelayedSend[]): Promise<SocketSendAnswer[]> =>
  JSON.parse(await server.bus.request(subjects.sendRelayed, JSON.stringify(sends), 5_000));
const relay = async (senderId: string, send: unknown, originSocketId = 'socket-1') =>
  (await relayAll([{ senderId, originSocketId, send }]))[0];

describe('sends relayed from a socket', () => {
  it('stores a text message, answers it, and publishes it for both users without an echo to the sending socket', async () => {
    const ann = await server.user('Ann Relay');
    const bob = await server.user('Bob Relay');
    const toBob = server.published(bob.id);
    const toAnn = server.published(ann.id);
    const answer = await relay(ann.id, { to: bob.id, text: '  hello over the socket  ' }, 'ann-tab');
    expect(answer).toEqual({
      message: aMessage({
        _id: expect.stringMatching(/^\d+$/),
        senderId: ann.id,
        receiverId: bob.id,
        text: 'hello over the socket',
        createdAt: expect.any(String),
      }),
    });
    const { message } = answer as { message: unknown };
    expect(toBob).toEqual([{ event: 'newMessage', payload: message, originSocketId: 'ann-tab' }]);
    expect(toAnn).toEqual([{ event: 'newMessage', payload: message, originSocketId: 'ann-tab' }]);
    expect((await bob.client.get(`/api/messages/${ann.id}`)).body).toEqual([message]);
  });

  it('answers a turn’s sends from several people in order, each as its sender, refusals beside stored messages', async () => {
    const ann = await server.user('Ann Batch');
    const bob = await server.user('Bob Batch');
    const answers = await relayAll([
      { senderId: ann.id, originSocketId: 'a', send: { to: bob.id, text: 'first' } },
      { senderId: bob.id, originSocketId: 'b', send: { to: bob.id, text: 'to myself' } },
      { senderId: bob.id, originSocketId: 'b', send: { to: ann.id, text: 'second' } },
    ]);
    expect(answers).toEqual([
      { message: expect.objectContaining({ senderId: ann.id, receiverId: bob.id, text: 'first' }) },
      { error: { status: 400, message: 'You cannot send a message to yourself' } },
      { message: expect.objectContaining({ senderId: bob.id, receiverId: ann.id, text: 'second' }) },
    ]);
    expect(((await ann.client.get(`/api/messages/${bob.id}`)).body as { text: string }[]).map((m) => m.text)).toEqual(['first', 'second']);
  });

  it('answers a retried clientMessageId with the first message, stored once, as over HTTP', async () => {
    const ann = await server.user('Ann Retry');
    const bob = await server.user('Bob Retry');
    const clientMessageId = randomUUID();
    const overHttp = await ann.client.post(`/api/messages/send/${bob.id}`, { text: 'once', clientMessageId });
    expect(overHttp.status).toBe(201);
    expect(await relay(ann.id, { to: bob.id, text: 'once', clientMessageId })).toEqual({ message: overHttp.body });
    expect((await ann.client.get(`/api/messages/${bob.id}`)).body).toHaveLength(1);
  });

  it.each([
    ['no text', { to: 'BOB' }, 400, 'Message must have text or an image'],
    ['blank text', { to: 'BOB', text: '   ' }, 400, 'Message must have text or an image'],
    ['too long', { to: 'BOB', text: 'x'.repeat(2001) }, 400, 'Message must be at most 2000 characters'],
    ['text not a string', { to: 'BOB', text: 42 }, 400, 'Text must be a string'],
    ['a bad clientMessageId', { to: 'BOB', text: 'hi', clientMessageId: 'nope' }, 400, 'clientMessageId must be a UUID'],
    ['an image', { to: 'BOB', image: 'data:image/png;base64,AAAA' }, 400, 'An image is sent over HTTP'],
    ['no receiver', { text: 'hi' }, 400, 'to must be a user id'],
    ['not an object', 'hi', 400, 'A message must be an object'],
    ['an unknown receiver', { to: randomUUID(), text: 'hi' }, 404, 'User not found'],
    ['to oneself', { to: 'ANN', text: 'hi' }, 400, 'You cannot send a message to yourself'],
  ])('refuses %s with the status and words of the HTTP send, and stores nothing', async (_case, send, status, message) => {
    const ann = await server.user('Ann Refused');
    const bob = await server.user('Bob Refused');
    const toBob = server.published(bob.id);
    const named =
      typeof send === 'object' && 'to' in send && (send.to === 'BOB' || send.to === 'ANN')
        ? { ...send, to: send.to === 'BOB' ? bob.id : ann.id }
        : send;
    expect(await relay(ann.id, named)).toEqual({ error: { status, message } });
    expect((await bob.client.get(`/api/messages/${ann.id}`)).body).toEqual([]);
    expect(toBob).toEqual([]);
  });

  it('refuses a blocked pair as the HTTP send does', async () => {
    const ann = await server.user('Ann Blocks');
    const bob = await server.user('Bob Blocked');
    expect((await ann.client.post(`/api/messages/block/${bob.id}`)).status).toBe(204);
    expect(await relay(bob.id, { to: ann.id, text: 'hi' })).toEqual({
      error: { status: 403, message: 'This contact is not accepting your messages' },
    });
    expect(await relay(ann.id, { to: bob.id, text: 'hi' })).toEqual({
      error: { status: 403, message: 'You blocked this contact: unblock them to send a message' },
    });
  });

  it('counts against the same per-user limit as HTTP sends, malformed ones not at all, and answers 429 past it', async () => {
    const fast = await server.user('Fast Both Ways');
    const other = await server.user('Other End');
    for (let i = 0; i < 2; i++) expect((await fast.client.post(`/api/messages/send/${other.id}`, { text: `http ${i}` })).status).toBe(201);
    // A send refused as malformed counts for nothing, as over HTTP (its schema checked before the limit).
    expect(await relay(fast.id, { to: other.id, text: 42 })).toEqual({ error: { status: 400, message: 'Text must be a string' } });
    for (let i = 0; i < 2; i++) expect(await relay(fast.id, { to: other.id, text: `socket ${i}` })).toHaveProperty('message');
    expect(await relay(fast.id, { to: other.id, text: 'one too many' })).toEqual({
      error: { status: 429, message: 'You are sending messages too fast. Please slow down.' },
    });
    expect((await fast.client.post(`/api/messages/send/${other.id}`, { text: 'too many' })).status).toBe(429);
    const history = (await other.client.get(`/api/messages/${fast.id}`)).body as { text: string }[];
    expect(history.map((m) => m.text)).toEqual(['http 0', 'http 1', 'socket 0', 'socket 1']);
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, pngBytes, toDataUrl } from '#test-support';
import { startMessagesService } from './messages-server.js';

/*
 * Ids as an attacker writes them, at every place one enters: each is refused with a 400
 * {message} or taken as the id it names, and never fails anyone else's request.
 */

let server: Awaited<ReturnType<typeof startMessagesService>>;
beforeAll(async () => {
  server = await startMessagesService();
});
afterAll(() => server.app.close());

/** 19 digits: a message id's pattern once took it, Postgres' bigint does not. */
const PAST_BIGINT = '9999999999999999999';

const send = (from: { client: ApiClient }, toId: string, body: unknown) => from.client.post(`/api/messages/send/${toId}`, body);

describe('a user id in upper case', () => {
  it('names the same person: the message is theirs, its picture readable, and a message to oneself is refused as in lower case', async () => {
    const ann = await server.user('Ann Upper');
    const bob = await server.user('Bob Upper');
    const sent = await send(ann, bob.id.toUpperCase(), { text: 'loud', image: toDataUrl(await pngBytes(), 'image/png') });
    expect(sent.status).toBe(201);
    expect(sent.body.receiverId).toBe(bob.id);
    const history = (await bob.client.get(`/api/messages/${ann.id.toUpperCase()}`)).body as { text: string }[];
    expect(history.map((message) => message.text)).toEqual(['loud']);
    expect((await bob.client.get(sent.body.image)).status).toBe(200);
    const toMyself = await send(ann, ann.id.toUpperCase(), { text: 'me' });
    expect(toMyself.status).toBe(400);
    expect(toMyself.body).toEqual((await send(ann, ann.id, { text: 'me' })).body);
  });

  it('fails no one else’s send of the same moment', async () => {
    const bob = await server.user('Bob Crowd');
    const senders = await Promise.all(Array.from({ length: 10 }, (_, i) => server.user(`Sender ${i}`)));
    const answers = await Promise.all(
      senders.map((sender, i) => send(sender, i === 3 ? bob.id.toUpperCase() : bob.id, { text: `hi ${i}`, clientMessageId: randomUUID() })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(201));
  });

  it('is refused with a `urn:uuid:` prefix', async () => {
    const ann = await server.user('Ann Urn');
    const bob = await server.user('Bob Urn');
    const answer = await send(ann, `urn:uuid:${bob.id}`, { text: 'hi' });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message: 'Invalid user id' });
  });
});

describe('a message id past Postgres’ bigint', () => {
  it('is refused with 400 {message} wherever it enters, changing nothing', async () => {
    const ann = await server.user('Ann Bigint');
    const bob = await server.user('Bob Bigint');
    expect((await send(ann, bob.id, { text: 'hello' })).status).toBe(201);
    const attempts = [
      ann.client.get(`/api/messages/${bob.id}?before=${PAST_BIGINT}`),
      ann.client.post(`/api/messages/star/${PAST_BIGINT}`),
      ann.client.post(`/api/messages/read/${bob.id}`, { upTo: PAST_BIGINT }),
      ann.client.post(`/api/messages/delete-for-me/${bob.id}`, { messageIds: [PAST_BIGINT] }),
      ann.client.get(`/api/messages/search?q=hello&before=${PAST_BIGINT}`),
      send(ann, bob.id, { text: 'a reply', replyTo: PAST_BIGINT }),
      send(ann, bob.id, { forwardOf: PAST_BIGINT }),
    ];
    const answers = await Promise.all(attempts);
    expect(answers.map((answer) => answer.status)).toEqual(Array(attempts.length).fill(400));
    for (const answer of answers) expect(answer.body.message).toMatch(/message id/);
    expect(((await bob.client.get(`/api/messages/${ann.id}`)).body as unknown[]).length).toBe(1);
  });
});

describe('an inbox cursor a client made up', () => {
  it.each([
    ['a pinned time that is no time', { in: 'pinned', pinnedAt: '1', peerId: randomUUID() }],
    ['a last message past bigint', { in: 'conversations', lastMessageId: PAST_BIGINT, peerId: randomUUID() }],
    ['a user id that is no uuid', { in: 'names', name: 'a', userId: 'x'.repeat(36) }],
  ])('is refused: %s', async (_what, cursor) => {
    const ann = await server.user('Ann Cursor');
    const answer = await ann.client.get(`/api/messages/users?cursor=${Buffer.from(JSON.stringify(cursor)).toString('base64url')}`);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message: 'Invalid cursor' });
  });
});

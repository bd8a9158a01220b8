import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMessagesService } from './messages-server.js';

let server: Awaited<ReturnType<typeof startMessagesService>>;

beforeAll(async () => {
  server = await startMessagesService({
    rateLimits: { messagesPerMinutePerUser: 3, messagesPerMinutePerGroup: 4, filesPerMinutePerUser: 1 },
  });
});

afterAll(async () => {
  await server.app.close();
});

describe('the sending limit', () => {
  it('answers 429 past the per-user limit, stores nothing of it, and leaves other users alone', async () => {
    const fast = await server.user('Fast Sender');
    const other = await server.user('Other Sender');
    for (let i = 0; i < 3; i++) {
      expect((await fast.client.post(`/api/messages/send/${other.id}`, { text: `hi ${i}` })).status).toBe(201);
    }
    const refused = await fast.client.post(`/api/messages/send/${other.id}`, { text: 'one too many' });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: 'You are sending messages too fast. Please slow down.' });
    const history = (await other.client.get(`/api/messages/${fast.id}`)).body as { text: string }[];
    expect(history.map((m) => m.text)).toEqual(['hi 0', 'hi 1', 'hi 2']);
    expect((await other.client.post(`/api/messages/send/${fast.id}`, { text: 'still fine' })).status).toBe(201);
  });
});

describe('a group’s sending limit', () => {
  it('answers 429 past what the group takes a minute from all its members together, though each has room of their own', async () => {
    const [ann, bob, cat] = [await server.user('Ann Busy Group'), await server.user('Bob Busy Group'), await server.user('Cat Busy Group')];
    const group = (await ann.client.post('/api/messages/groups', { name: 'Busy', memberIds: [bob.id, cat.id] })).body as { _id: string };
    const send = (from: typeof ann, text: string) => from.client.post(`/api/messages/groups/${group._id}/send`, { text });
    for (const [from, text] of [
      [ann, 'a'],
      [bob, 'b'],
      [bob, 'c'],
      [cat, 'd'],
    ] as const)
      expect((await send(from, text)).status).toBe(201);
    const refused = await send(cat, 'one too many');
    expect([refused.status, refused.body]).toEqual([429, { message: 'This group is getting messages too fast. Please slow down.' }]);
    const texts = ((await cat.client.get(`/api/messages/groups/${group._id}/messages`)).body as { text: string | null }[]).map(
      (m) => m.text,
    );
    expect(texts.filter(Boolean)).toEqual(['a', 'b', 'c', 'd']);
    expect((await cat.client.post(`/api/messages/send/${ann.id}`, { text: 'to Ann alone' })).status, 'Cat’s own budget has room').toBe(201);
  });
});

describe('the reading limit', () => {
  it('answers 429 to reads past the per-user limit, reading nothing of them', async () => {
    const [ann, bob] = [await server.user('Ann Reads Fast'), await server.user('Bob Writes')];
    const sent = await bob.client.post(`/api/messages/send/${ann.id}`, { text: 'read me' });
    for (let i = 0; i < 3; i++) expect((await ann.client.post(`/api/messages/read/${bob.id}`, { upTo: sent.body._id })).status).toBe(204);
    const refused = await ann.client.post(`/api/messages/read/${bob.id}`, { upTo: sent.body._id });
    expect([refused.status, refused.body]).toEqual([429, { message: 'You are marking messages read too fast. Please slow down.' }]);
  });
});

describe('the files limit', () => {
  it('answers 429 to a second file within the minute, though the sending limit has room', async () => {
    const [ann, bob] = [await server.user('Ann Many Files'), await server.user('Bob Many Files')];
    const file = { name: 'a.txt', bytes: new TextEncoder().encode('one') };
    expect((await ann.client.sendFile(bob.id, file)).status).toBe(201);
    const refused = await ann.client.sendFile(bob.id, file);
    expect([refused.status, refused.body]).toEqual([429, { message: 'You are sending files too fast. Please slow down.' }]);
    expect((await ann.client.post(`/api/messages/send/${bob.id}`, { text: 'words still go' })).status).toBe(201);
  });
});

import type { Message, MessageSearchResult } from '@chat/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseImplementations } from '#test-support';
import { startMessagesService } from '../messages-server.js';

describe.each(databaseImplementations)('searching messages on %s', (_name, database) => {
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
  const search = async (user: User, query: string) => {
    const response = await user.client.get(`/api/messages/search?${query}`);
    expect(response.status, query).toBe(200);
    return (response.body as MessageSearchResult[]).map(({ message, peer }) => [message.text, peer.fullName]);
  };

  it('finds my messages holding the start of every word searched, newest first, with whom each is', async () => {
    const ann = await server.user('Ann Searcher');
    const bob = await server.user('Bob Found');
    const cat = await server.user('Cat Found', '/avatar/cat.png');
    await send(ann, bob, 'Lunch at noon?');
    await send(bob, ann, 'lunch tomorrow then');
    await send(cat, ann, 'Forgot my LUNCHBOX, sorry');
    await send(bob, cat, 'lunch without Ann');
    const deleted = await send(ann, cat, 'lunch is deleted');
    await ann.client.post(`/api/messages/delete/${deleted._id}`);

    expect(await search(ann, 'q=lunch')).toEqual([
      ['Forgot my LUNCHBOX, sorry', 'Cat Found'],
      ['lunch tomorrow then', 'Bob Found'],
      ['Lunch at noon?', 'Bob Found'],
    ]);
    expect(await search(ann, 'q=LUNCH%20tom')).toEqual([['lunch tomorrow then', 'Bob Found']]);
    expect(await search(ann, `q=lunch&with=${bob.id}`)).toEqual([
      ['lunch tomorrow then', 'Bob Found'],
      ['Lunch at noon?', 'Bob Found'],
    ]);
    expect(await search(ann, 'q=dinner')).toEqual([]);
    const [found] = (await ann.client.get('/api/messages/search?q=sorry')).body as MessageSearchResult[];
    expect(found?.peer).toEqual({ _id: cat.id, fullName: 'Cat Found', profilePic: '/avatar/cat.png' });
  });

  it('pages back from the oldest result shown', async () => {
    const ann = await server.user('Ann Pager');
    const bob = await server.user('Bob Pager');
    const sent = [];
    for (const n of [1, 2, 3]) sent.push(await send(ann, bob, `report ${n}`));
    expect(await search(ann, 'q=report&limit=2')).toEqual([
      ['report 3', 'Bob Pager'],
      ['report 2', 'Bob Pager'],
    ]);
    expect(await search(ann, `q=report&limit=2&before=${sent[1]!._id}`)).toEqual([['report 1', 'Bob Pager']]);
  });

  it('finds the newest matches among many messages: a common word among my latest, a rare one further back', async () => {
    const ann = await server.user('Ann Busy');
    const bob = await server.user('Bob Busy');
    await send(bob, ann, 'an ancient needle');
    await server.db.query(
      `INSERT INTO messages (sender_id, receiver_id, text)
       SELECT CASE WHEN n % 3 = 0 THEN $2::uuid ELSE $1::uuid END, CASE WHEN n % 3 = 0 THEN $1::uuid ELSE $2::uuid END, 'filler ' || n
       FROM generate_series(1, 2500) n`,
      [ann.id, bob.id],
    );
    expect(await search(ann, 'q=filler&limit=4')).toEqual(
      ['filler 2500', 'filler 2499', 'filler 2498', 'filler 2497'].map((text) => [text, 'Bob Busy']),
    );
    expect(await search(ann, 'q=needle')).toEqual([['an ancient needle', 'Bob Busy']]);
    expect(await search(ann, 'q=filler%2012')).toEqual(
      ['filler 1299', 'filler 1298', 'filler 1297', 'filler 1296', 'filler 1295', 'filler 1294', 'filler 1293', 'filler 1292', 'filler 1291', 'filler 1290']
        .concat(Array.from({ length: 40 }, (_, i) => `filler ${1289 - i}`))
        .map((text) => [text, 'Bob Busy']),
    );
  });

  it('answers 400 {message} to a search without a word, too long, or about someone who is not a user id', async () => {
    const ann = await server.user('Ann Bad Search');
    for (const [query, message] of [
      ['q=%21%3F%20*', 'Search for at least one letter or digit'],
      [`q=${'a'.repeat(101)}`, 'q must be at most 100 characters'],
      ['q=hi&with=bob', 'with must be a user id'],
      ['q=hi&limit=0', 'limit must be an integer from 1 to 100'],
      ['', 'q is required'],
    ]) {
      const response = await ann.client.get(`/api/messages/search?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body).toEqual({ message });
    }
    expect((await ann.client.get(`/api/messages/search?q=${encodeURIComponent("it's & | ! :*")}`)).status, 'tsquery syntax is just text').toBe(200);
  });
});

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

  it('finds the newest matches among many messages: a common word among my latest, a rare one further back, before and after indexing', async () => {
    const ann = await server.user('Ann Busy');
    const bob = await server.user('Bob Busy');
    await send(bob, ann, 'an ancient needle');
    await server.db.query(
      `INSERT INTO messages (sender_id, receiver_id, text)
       SELECT CASE WHEN n % 3 = 0 THEN $2::uuid ELSE $1::uuid END, CASE WHEN n % 3 = 0 THEN $1::uuid ELSE $2::uuid END, 'filler ' || n
       FROM generate_series(1, 2500) n`,
      [ann.id, bob.id],
    );
    for (const state of ['every message in the tail', 'indexed in blocks']) {
      if (state === 'indexed in blocks') await server.indexSearch();
      expect(await search(ann, 'q=filler&limit=4'), state).toEqual(
        ['filler 2500', 'filler 2499', 'filler 2498', 'filler 2497'].map((text) => [text, 'Bob Busy']),
      );
      expect(await search(ann, 'q=needle'), state).toEqual([['an ancient needle', 'Bob Busy']]);
      expect(await search(ann, 'q=filler%2012'), state).toEqual(
        [
          'filler 1299',
          'filler 1298',
          'filler 1297',
          'filler 1296',
          'filler 1295',
          'filler 1294',
          'filler 1293',
          'filler 1292',
          'filler 1291',
          'filler 1290',
        ]
          .concat(Array.from({ length: 40 }, (_, i) => `filler ${1289 - i}`))
          .map((text) => [text, 'Bob Busy']),
      );
    }
  });

  it('finds a word that is only in old indexed messages, behind many newer ones, and pages through the index and the tail', async () => {
    const ann = await server.user('Ann Archive');
    const bob = await server.user('Bob Archive');
    const cat = await server.user('Cat Archive');
    await server.db.query(
      `INSERT INTO messages (sender_id, receiver_id, text)
       SELECT $1::uuid, $2::uuid, 'vintage ' || n FROM generate_series(1, 30) n`,
      [ann.id, bob.id],
    );
    await server.db.query(
      `INSERT INTO messages (sender_id, receiver_id, text) SELECT $2::uuid, $1::uuid, 'chatter' FROM generate_series(1, 300) n`,
      [ann.id, cat.id],
    );
    await server.indexSearch();
    const later = await send(ann, bob, 'vintage again');
    expect(await search(ann, 'q=vintage&limit=5')).toEqual(
      ['vintage again', 'vintage 30', 'vintage 29', 'vintage 28', 'vintage 27'].map((text) => [text, 'Bob Archive']),
    );
    const pageAfter = async (before: string) => {
      const response = await ann.client.get(`/api/messages/search?q=vintage&limit=7&before=${before}`);
      return response.body as MessageSearchResult[];
    };
    const seen = [];
    for (let page = await pageAfter(later._id); page.length > 0; page = await pageAfter(page.at(-1)!.message._id)) {
      seen.push(...page.map((result) => result.message.text));
    }
    expect(seen).toEqual(Array.from({ length: 30 }, (_, i) => `vintage ${30 - i}`));
    expect(await search(ann, `q=vintage&with=${cat.id}`), 'the conversation with Cat has none').toEqual([]);
    expect(await search(cat, 'q=vintage'), 'nor does Cat').toEqual([]);
    expect(await search(cat, 'q=chatter&limit=2')).toEqual([
      ['chatter', 'Ann Archive'],
      ['chatter', 'Ann Archive'],
    ]);
  });

  it('finds an indexed message by the words of its edit; the words it lost and those of a deleted message leave the index', async () => {
    const ann = await server.user('Ann Editor');
    const bob = await server.user('Bob Editor');
    const typo = await send(ann, bob, 'meet at the staton');
    for (const n of [1, 2, 3, 4, 5, 6, 7]) await send(bob, ann, `ok ${n}`);
    await server.indexSearch();
    expect(await search(ann, 'q=staton')).toEqual([['meet at the staton', 'Bob Editor']]);
    expect((await ann.client.post(`/api/messages/edit/${typo._id}`, { text: 'meet at the station' })).status).toBe(200);
    expect(await search(ann, 'q=station')).toEqual([['meet at the station', 'Bob Editor']]);
    expect(await search(bob, 'q=station')).toEqual([['meet at the station', 'Ann Editor']]);
    expect(await search(ann, 'q=staton')).toEqual([]);
    const secret = await send(ann, bob, 'the password is swordfish');
    for (const n of [8, 9, 10]) await send(bob, ann, `ok ${n}`);
    await server.indexSearch();
    expect(await search(bob, 'q=swordfish')).toEqual([['the password is swordfish', 'Ann Editor']]);
    expect((await ann.client.post(`/api/messages/delete/${secret._id}`)).status).toBe(200);
    const blocksWith = async (word: string) =>
      (
        await server.db.query<{ count: number }>(
          `SELECT count(*)::int AS count FROM search_blocks WHERE words @@ to_tsquery('simple', $1)`,
          [word],
        )
      )[0]!.count;
    expect(await blocksWith('staton'), "the edit's lost word").toBe(0);
    expect(await blocksWith('station'), "the edit's new word, in Ann's block and Bob's").toBe(2);
    expect(await blocksWith('swordfish'), "the deleted message's word").toBe(0);
  });

  it('answers 400 {message} to a search without a word, too long, or about someone who is not a user id', async () => {
    const ann = await server.user('Ann Bad Search');
    for (const [query, message] of [
      ['q=%21%3F%20*', 'Search for at least one letter or digit'],
      [`q=${'a'.repeat(101)}`, 'q must be at most 100 characters'],
      ['q=hi&with=bob', 'with must be a user or group id'],
      ['q=hi&limit=0', 'limit must be an integer from 1 to 100'],
      ['', 'q is required'],
    ]) {
      const response = await ann.client.get(`/api/messages/search?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body).toEqual({ message });
    }
    expect(
      (await ann.client.get(`/api/messages/search?q=${encodeURIComponent("it's & | ! :*")}`)).status,
      'tsquery syntax is just text',
    ).toBe(200);
  });
});

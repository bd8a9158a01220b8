import { randomUUID } from 'node:crypto';
import { NEXT_CURSOR_HEADER, type InboxEntry, type MessageSearchResult } from '@chat/contracts';
import { migrate, type Database, type Queryable, type QueryOptions } from '@chat/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, databaseImplementations, eventually, testPostgresDatabase } from '#test-support';
import { messagesMigrations } from '../../src/migrations.js';
import { startMessagesService } from '../messages-server.js';

describe.each(databaseImplementations)('the inbox on %s', (_name, database) => {
  let server: Awaited<ReturnType<typeof startMessagesService>>;
  beforeAll(async () => {
    server = await startMessagesService({ database });
  });
  afterAll(() => server.app.close());

  type User = Awaited<ReturnType<typeof server.user>>;
  const send = async (from: User, to: User, text: string) => {
    const response = await from.client.post(`/api/messages/send/${to.id}`, { text });
    expect(response.status).toBe(201);
    return response.body as { _id: string; text: string };
  };
  const inbox = async (user: User, query = '') => {
    const response = await user.client.get(`/api/messages/users${query}`);
    expect(response.status).toBe(200);
    return { entries: response.body as InboxEntry[], next: response.headers.get(NEXT_CURSOR_HEADER) };
  };
  const names = (entries: InboxEntry[]) => entries.map((entry) => entry.fullName);
  /** The entries of these users only, in the order listed: other tests' users share the database. */
  const only = (entries: InboxEntry[], users: User[]) => entries.filter((entry) => users.some((user) => user.id === entry._id));

  it('lists my conversations first, latest first, with their last message and my unread count; then everyone else by name', async () => {
    const me = await server.user('Me Ordering');
    const [ann, bob, cat, dan] = [
      await server.user('Ann Ordering'),
      await server.user('bob Ordering'),
      await server.user('Cat Ordering'),
      await server.user('Dan Ordering'),
    ];
    await send(ann, me, 'from Ann');
    const toBob = await send(me, bob, 'to Bob');
    await send(dan, me, 'Dan one');
    const danLast = await send(dan, me, 'Dan two');
    const everyone = [ann, bob, cat, dan];
    const { entries: all } = await inbox(me);
    const entries = only(all, everyone);
    expect(names(entries)).toEqual(['Dan Ordering', 'bob Ordering', 'Ann Ordering', 'Cat Ordering']);
    expect(
      all.slice(0, 3).map((entry) => entry._id),
      'conversations before everyone else',
    ).toEqual([dan.id, bob.id, ann.id]);
    expect(entries[0]).toMatchObject({ _id: dan.id, unreadCount: 2, lastMessage: { _id: danLast._id, text: 'Dan two', senderId: dan.id } });
    expect(entries[1]).toMatchObject({ unreadCount: 0, lastMessage: { _id: toBob._id, senderId: me.id } });
    expect(entries[2]).toMatchObject({ unreadCount: 1 });
    expect(entries[3]).toMatchObject({ _id: cat.id, lastMessage: null, unreadCount: 0 });
    // A reply moves Ann's row to the top; reading is reported on its own (it stamps what it reads).
    await send(me, ann, 'hi Ann');
    const after = only((await inbox(me)).entries, everyone);
    expect(names(after).slice(0, 2)).toEqual(['Ann Ordering', 'Dan Ordering']);
    expect(after[0]).toMatchObject({ unreadCount: 1 });
    expect((await inbox(ann, '?q=me ordering')).entries[0]).toMatchObject({ _id: me.id, unreadCount: 1 });
  });

  it('pages through conversations and then names, each user once, by the cursor it hands out', async () => {
    const me = await server.user('Me Paging');
    const others = [];
    for (const name of ['Ava', 'Ben', 'Cy', 'Di', 'Ed']) others.push(await server.user(`${name} Paging`));
    await send(others[3]!, me, 'hello');
    await send(me, others[1]!, 'hello');
    const seen: InboxEntry[] = [];
    let query = '?limit=2';
    for (let pages = 0; pages < 100; pages++) {
      const { entries, next } = await inbox(me, query);
      expect(entries.length).toBeLessThanOrEqual(2);
      seen.push(...entries);
      if (!next) break;
      query = `?limit=2&cursor=${next}`;
    }
    expect(new Set(seen.map((entry) => entry._id)).size, 'nobody twice').toBe(seen.length);
    expect(names(only(seen, others))).toEqual(['Ben Paging', 'Di Paging', 'Ava Paging', 'Cy Paging', 'Ed Paging']);
    expect(seen.slice(0, 2).map((entry) => entry._id)).toEqual([others[1]!.id, others[3]!.id]);
  });

  it('finds people by the start of any word of their name, whatever the case and accents, by the word that matched', async () => {
    const me = await server.user('Me Search');
    const zoe = await server.user("Zoë O'Neil-Smith");
    await server.user('Neilson Zed');
    const found = async (q: string) => names((await inbox(me, `?q=${encodeURIComponent(q)}`)).entries);
    expect(await found('zoe')).toEqual(["Zoë O'Neil-Smith"]);
    expect(await found('SMI')).toEqual(["Zoë O'Neil-Smith"]);
    expect(await found('neil')).toEqual(["Zoë O'Neil-Smith", 'Neilson Zed']);
    expect(await found('neil z')).toEqual(["Zoë O'Neil-Smith", 'Neilson Zed']);
    expect(await found('zed neil')).toEqual(['Neilson Zed']);
    expect(await found('eil')).toEqual([]);
    // Two of a name's words start with the search word, the other one sorts after every plain letter.
    await server.user('Quillon Quill Ørsted');
    expect(await found('quill')).toEqual(['Quillon Quill Ørsted']);
    expect(await found('ørs quill')).toEqual(['Quillon Quill Ørsted']);
    expect(await found('quillon ør')).toEqual(['Quillon Quill Ørsted']);
    expect(await found('quilt')).toEqual([]);
    const sent = await send(zoe, me, 'found me');
    expect((await inbox(me, '?q=smith')).entries).toEqual([
      expect.objectContaining({ _id: zoe.id, unreadCount: 1, lastMessage: expect.objectContaining({ _id: sent._id }) }),
    ]);
    // A page of matches ends where the next begins.
    const first = await inbox(me, '?q=neil&limit=1');
    expect(names(first.entries)).toEqual(["Zoë O'Neil-Smith"]);
    const second = await inbox(me, `?q=neil&limit=1&cursor=${first.next}`);
    expect(names(second.entries)).toEqual(['Neilson Zed']);
  });

  it('lists only the people online now, by name and paged, never me nor someone a block hides, with our last message', async () => {
    const me = await server.user('Me Online');
    const [ann, bob, cat, dan, eve] = [
      await server.user('Ann Online'),
      await server.user('Bob Online'),
      await server.user('Cat Online'),
      await server.user('Dan Online'),
      await server.user('Eve Online'),
    ];
    const everyone = [me, ann, bob, cat, dan, eve];
    await eventually(async () => (await inbox(me, '?q=online')).entries.length === 5, 'every contact made');
    for (const user of [me, ann, cat, dan, eve]) await server.presence.connect(user.id);
    expect((await eve.client.post(`/api/messages/block/${me.id}`)).status).toBe(204);
    const sent = await send(cat, me, 'from Cat');
    const onlineNames = async (query = '') => names(only((await inbox(me, `?online=true${query}`)).entries, everyone));
    await eventually(async () => (await onlineNames()).length === 3, 'three shown online');
    expect(await onlineNames()).toEqual(['Ann Online', 'Cat Online', 'Dan Online']);
    const { entries } = await inbox(me, '?online=true&q=cat online');
    expect(entries).toEqual([
      expect.objectContaining({ _id: cat.id, unreadCount: 1, lastMessage: expect.objectContaining({ _id: sent._id }) }),
    ]);
    // A page ends where the next begins: a search's pages (in the search's own order) and the list's.
    const paged: string[] = [];
    let query = '?online=true&q=online&limit=1';
    for (let pages = 0; pages < 10; pages++) {
      const page = await inbox(me, query);
      paged.push(...names(page.entries));
      if (!page.next) break;
      query = `?online=true&q=online&limit=1&cursor=${page.next}`;
    }
    expect(paged.sort()).toEqual(['Ann Online', 'Cat Online', 'Dan Online']);
    const first = await inbox(me, '?online=true&limit=1');
    const rest = await inbox(me, `?online=true&limit=200&cursor=${first.next}`);
    expect(names(only([...first.entries, ...rest.entries], everyone))).toEqual(['Ann Online', 'Cat Online', 'Dan Online']);
    await server.presence.disconnect(ann.id);
    await server.presence.connect(bob.id);
    await eventually(
      async () => (await onlineNames()).join() === 'Bob Online,Cat Online,Dan Online',
      'Ann gone offline and Bob come online',
    );
  });

  it('marks messages read up to the one given, never backwards and never ahead of what exists', async () => {
    const me = await server.user('Me Reading');
    const ann = await server.user('Ann Reading');
    const first = await send(ann, me, 'one');
    const second = await send(ann, me, 'two');
    const unread = async () => (await inbox(me, '?q=ann reading')).entries[0]!.unreadCount;
    expect((await inbox(me)).entries[0]).toMatchObject({ _id: ann.id, unreadCount: 2 });
    expect(await unread()).toBe(2);
    const read = (upTo: string) => me.client.post(`/api/messages/read/${ann.id}`, { upTo });
    expect((await read(first._id)).status).toBe(204);
    expect(await unread()).toBe(1);
    await read(second._id);
    await read(first._id);
    expect(await unread()).toBe(0);
    // An id beyond the latest message is no message of ours: refused, and nothing that comes later is marked.
    expect((await read('999999999999')).status).toBe(404);
    await send(ann, me, 'three');
    expect(await unread()).toBe(1);
  });

  it('refuses a bad read, a bad cursor or limit, and strangers', async () => {
    const me = await server.user('Me Refusing');
    const ann = await server.user('Ann Refusing');
    const refused = async (response: Promise<{ status: number; body: unknown }>, status: number, message: string) =>
      expect(await response).toMatchObject({ status, body: { message } });
    await refused(me.client.post(`/api/messages/read/${ann.id}`, {}), 400, 'upTo is required');
    await refused(me.client.post(`/api/messages/read/${ann.id}`, { upTo: 'latest' }), 400, 'upTo must be a message id');
    await refused(me.client.post('/api/messages/read/00000000-0000-4000-8000-000000000000', { upTo: '1' }), 404, 'User not found');
    await refused(me.client.get('/api/messages/users?cursor=bm90LW91cnM'), 400, 'Invalid cursor');
    await refused(me.client.get('/api/messages/users?limit=0'), 400, 'limit must be an integer from 1 to 200');
    await refused(me.client.get('/api/messages/users?limit=201'), 400, 'limit must be an integer from 1 to 200');
    await refused(me.client.get('/api/messages/users?online=yes'), 400, 'online must be true or false');
    await refused(new ApiClient(server.baseUrl).post(`/api/messages/read/${ann.id}`, { upTo: '1' }), 401, 'Not authenticated');
  });
});

describe.each(databaseImplementations)('upgrading to the inbox on %s', (_name, database) => {
  it('takes the history so far as read, and makes the names of existing contacts searchable', async () => {
    const [ann, bob] = [randomUUID(), randomUUID()];
    const server = await startMessagesService({
      database: async () => {
        const db = await database();
        await migrate(db, 'messages', messagesMigrations.slice(0, 1));
        await db.query(`INSERT INTO contacts (user_id, full_name) VALUES ($1, 'Ann Before'), ($2, 'Bob Before')`, [ann, bob]);
        await db.query(`INSERT INTO messages (sender_id, receiver_id, text) VALUES ($1, $2, 'old one'), ($2, $1, 'old two')`, [ann, bob]);
        return db;
      },
    });
    try {
      const client = new ApiClient(server.baseUrl);
      client.cookie = server.cookieOf(bob);
      const entries = (await client.get('/api/messages/users?q=ann')).body as InboxEntry[];
      expect(entries).toEqual([
        expect.objectContaining({
          _id: ann,
          fullName: 'Ann Before',
          unreadCount: 0,
          lastMessage: expect.objectContaining({ text: 'old two' }),
        }),
      ]);
    } finally {
      await server.app.close();
    }
  });
});

describe.each(databaseImplementations)('upgrading a database from before search blocks and name words on %s', (_name, database) => {
  it('finds the names and the messages written before, each contact once', async () => {
    const [ann, bob] = [randomUUID(), randomUUID()];
    const server = await startMessagesService({
      database: async () => {
        const db = await database();
        await migrate(db, 'messages', messagesMigrations.slice(0, 8));
        await db.query(`INSERT INTO contacts (user_id, full_name) VALUES ($1, 'Ann Anna Before'), ($2, 'Bob Before')`, [ann, bob]);
        await db.query(
          `INSERT INTO contact_words (word, user_id) VALUES ('ann', $1), ('anna', $1), ('before', $1), ('bob', $2), ('before', $2)`,
          [ann, bob],
        );
        await db.query(`INSERT INTO messages (sender_id, receiver_id, text) VALUES ($1, $2, 'an old note'), ($2, $1, 'a reply')`, [
          ann,
          bob,
        ]);
        return db;
      },
    });
    try {
      const client = new ApiClient(server.baseUrl);
      client.cookie = server.cookieOf(bob);
      const names = async (q: string) =>
        ((await client.get(`/api/messages/users?q=${q}`)).body as InboxEntry[]).map((entry) => entry.fullName);
      expect(await names('ann%20bef')).toEqual(['Ann Anna Before']);
      expect(await names('an')).toEqual(['Ann Anna Before']);
      expect(await names('anna%20bob')).toEqual([]);
      const found = (await client.get('/api/messages/search?q=old%20note')).body as MessageSearchResult[];
      expect(found.map((result) => result.message.text)).toEqual(['an old note']);
      await server.indexSearch();
      const indexed = (await client.get('/api/messages/search?q=old%20note')).body as MessageSearchResult[];
      expect(indexed.map((result) => result.message.text)).toEqual(['an old note']);
    } finally {
      await server.app.close();
    }
  });
});

// On a server, other connections commit between a page's statements (on PGlite too, between its
// round trips): here Bob's first message is stored right after the page read the conversations,
// before it reads the names that complete it.
describe('the inbox on Postgres while a first message is stored', () => {
  it('lists its sender on the page being read, once: as a conversation or by name, never neither', async () => {
    let afterConversationsRead: (() => Promise<void>) | undefined;
    const pausing = (db: Queryable): Queryable => ({
      async query<Row>(sql: string, params?: unknown[], options?: QueryOptions) {
        const rows = await db.query<Row>(sql, params, options);
        if (!sql.includes('ORDER BY v.last_message_id DESC')) return rows;
        const then = afterConversationsRead;
        afterConversationsRead = undefined;
        await then?.();
        return rows;
      },
    });
    const server = await startMessagesService({
      database: async (): Promise<Database> => {
        const db = await testPostgresDatabase();
        // Paused in the page's snapshot, where its names are read after its conversations.
        return { ...db, transaction: (work) => db.transaction((tx) => work(pausing(tx))) };
      },
    });
    try {
      const [me, bob] = [await server.user('Me Snapshot'), await server.user('Bob Snapshot')];
      afterConversationsRead = async () => {
        const response = await bob.client.post(`/api/messages/send/${me.id}`, { text: 'first' });
        expect(response.status).toBe(201);
      };
      const response = await me.client.get('/api/messages/users');
      expect(afterConversationsRead, 'Bob’s message stored while the page was read').toBeUndefined();
      const listed = (response.body as InboxEntry[]).filter((entry) => entry._id === bob.id);
      expect(listed).toHaveLength(1);
      // The next page read shows his conversation.
      const [next] = ((await me.client.get('/api/messages/users')).body as InboxEntry[]).filter((entry) => entry._id === bob.id);
      expect(next).toMatchObject({ lastMessage: { text: 'first' }, unreadCount: 1 });
    } finally {
      await server.app.close();
    }
  });
});

import { randomUUID } from 'node:crypto';
import { migrate, type Database } from '@chat/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseImplementations, testPostgresDatabase } from '#test-support';
import { messagesMigrations } from '../../src/migrations.js';
import {
  indexSearchBatch,
  searchIndexLagSeconds,
  type BatchDone,
  type DeferredBlocks,
  type SearchIndexSettings,
} from '../../src/search/search-index.js';

const SETTINGS: SearchIndexSettings = {
  blockSize: 2,
  groupBlockSize: 3,
  delayMs: 60_000,
  batchSize: 100,
  writeSize: 200,
  intervalMs: 3_600_000,
};
/** The batch did something: read messages or wrote blocks. */
const busy = ({ read, written }: BatchDone) => read + written > 0;

const sendAt = (db: Database, from: string, to: string, text: string, secondsAgo: number) =>
  db.query(`INSERT INTO messages (sender_id, receiver_id, text, created_at) VALUES ($1, $2, $3, now() - make_interval(secs => $4))`, [
    from,
    to,
    text,
    secondsAgo,
  ]);
const blocksOf = (db: Database, userId: string) =>
  db.query<{ messages: number; words: string }>(
    `SELECT cardinality(message_ids) AS messages, ts_delete(words, '@' || user_id::text)::text AS words FROM search_blocks WHERE user_id = $1 ORDER BY last_id`,
    [userId],
  );

describe.each(databaseImplementations)('the message search indexer on %s', (_name, database) => {
  let db: Database;
  beforeAll(async () => {
    db = await database();
    await migrate(db, 'messages', messagesMigrations);
  });
  afterAll(() => db.close());

  it('writes full blocks of messages older than its delay, and leaves younger ones for a later pass', async () => {
    const [ann, bob] = [randomUUID(), randomUUID()];
    await sendAt(db, ann, bob, 'first word', 120);
    await sendAt(db, bob, ann, 'second word', 120);
    await sendAt(db, ann, bob, 'third word', 90);
    await sendAt(db, ann, bob, 'too young', 1);
    // What a batch answers is what it read: less than a full batch, so a pass stops here and the
    // young message waits for a later pass instead of a batch of its own the moment it comes of age.
    expect(await indexSearchBatch(db, SETTINGS), 'the three old messages read, Ann’s and Bob’s blocks written').toEqual({
      read: 3,
      written: 2,
    });
    while (busy(await indexSearchBatch(db, SETTINGS)));
    expect(await blocksOf(db, ann)).toEqual([{ messages: 2, words: "'first' 'second' 'word'" }]);
    const [progress] = await db.query<{ readUpTo: string; last: string }>(
      'SELECT read_up_to::text AS "readUpTo", (SELECT max(id) FROM messages)::text AS last FROM search_progress',
    );
    expect(BigInt(progress!.readUpTo), 'the young message is not read yet').toBe(BigInt(progress!.last) - 1n);
    while (busy(await indexSearchBatch(db, { ...SETTINGS, delayMs: 0 })));
    expect((await blocksOf(db, ann)).map((block) => block.words)).toEqual(["'first' 'second' 'word'", "'third' 'too' 'word' 'young'"]);
  });

  it('writes a group’s messages in blocks of the group’s own size, and its sender’s in a user’s', async () => {
    const [ann, group] = [randomUUID(), randomUUID()];
    await db.query(`INSERT INTO groups (id, name, created_by, invite_code) VALUES ($1, 'Blocks', $2, $3)`, [group, ann, randomUUID()]);
    for (let n = 1; n <= 7; n++) await sendAt(db, ann, group, `line ${n}`, 120);
    while (busy(await indexSearchBatch(db, SETTINGS)));
    expect(
      (await blocksOf(db, group)).map((block) => block.messages),
      'two of 3, one left for later',
    ).toEqual([3, 3]);
    expect(
      (await blocksOf(db, ann)).map((block) => block.messages),
      'three of 2',
    ).toEqual([2, 2, 2]);
  });

  it('files a group’s words under the group (its members search them by group), a person’s as they are', async () => {
    const [cy, group] = [randomUUID(), randomUUID()];
    await db.query(`INSERT INTO groups (id, name, created_by, invite_code) VALUES ($1, 'Filed', $2, $3)`, [group, cy, randomUUID()]);
    for (const text of ['Cake tonight', 'cakes?', 'yes']) await sendAt(db, cy, group, text, 120);
    while (busy(await indexSearchBatch(db, SETTINGS)));
    expect((await blocksOf(db, group)).map((block) => block.words)).toEqual([
      `'${group}:cake' '${group}:cakes' '${group}:tonight' '${group}:yes'`,
    ]);
    const [cakes] = await db.query<{ found: boolean; bare: boolean }>(
      `SELECT words @@ ('''' || $1::text || ':cak'':*')::tsquery AS found, words @@ 'cak:*'::tsquery AS bare FROM search_blocks WHERE user_id = $1::uuid`,
      [group],
    );
    expect(cakes).toEqual({ found: true, bare: false });
    expect(
      (await blocksOf(db, cy)).map((block) => block.words),
      'a block of two, one left',
    ).toEqual(["'cake' 'cakes' 'tonight'"]);
  });

  it('writes no more messages into blocks in one batch than its write size, and the rest in the batches after', async () => {
    const settings = { ...SETTINGS, batchSize: 4, writeSize: 8 };
    const pairs = Array.from({ length: 4 }, () => [randomUUID(), randomUUID()] as const);
    for (const [a, b] of pairs) await sendAt(db, a, b, 'one', 120);
    for (const [a, b] of pairs) await sendAt(db, b, a, 'two', 120);
    const users = pairs.flat();
    const withBlocks = async () =>
      (await Promise.all(users.map((user) => blocksOf(db, user)))).filter((blocks) => blocks.length > 0).length;
    const deferred: DeferredBlocks = new Map();

    expect(await indexSearchBatch(db, settings, deferred), 'the first four messages read').toEqual({ read: 4, written: 0 });
    expect(await withBlocks()).toBe(0);
    // All eight people fill a block of two at once: four blocks (eight messages, what a batch of four adds) now.
    expect(await indexSearchBatch(db, settings, deferred), 'four read, four people’s blocks written').toEqual({ read: 4, written: 4 });
    expect(await withBlocks()).toBe(4);
    expect(deferred.size).toBe(4);
    expect(await indexSearchBatch(db, settings, deferred), 'nothing read, the other four written').toEqual({ read: 0, written: 4 });
    expect(await withBlocks()).toBe(8);
    expect(await indexSearchBatch(db, settings, deferred)).toEqual({ read: 0, written: 0 });
    for (const user of users) expect(await blocksOf(db, user)).toEqual([{ messages: 2, words: "'one' 'two'" }]);
  });

  it('puts a block’s words in the index as it writes the block, with no pending list to merge in one long write later', async () => {
    const [options] = await db.query<{ options: string[] }>(
      `SELECT reloptions AS options FROM pg_class WHERE relname = 'search_blocks_words_idx'`,
    );
    expect(options?.options).toContain('fastupdate=off');
  });

  it('only writes the blocks waiting when told not to read: the messages stay for a later batch', async () => {
    const [ann, bob] = [randomUUID(), randomUUID()];
    await sendAt(db, ann, bob, 'left for later', 120);
    expect(await indexSearchBatch(db, SETTINGS, new Map(), { readMessages: false })).toEqual({ read: 0, written: 0 });
    expect(await indexSearchBatch(db, SETTINGS), 'read by the next batch that reads').toMatchObject({ read: 1 });
  });

  it('tells how long the oldest message it has not read has waited: its lag', async () => {
    const fresh = await database();
    await migrate(fresh, 'messages', messagesMigrations);
    const [ann, bob] = [randomUUID(), randomUUID()];
    expect(await searchIndexLagSeconds(fresh), 'no messages').toBe(0);
    await sendAt(fresh, ann, bob, 'old', 120);
    await sendAt(fresh, bob, ann, 'young', 5);
    expect(await searchIndexLagSeconds(fresh)).toBeGreaterThanOrEqual(120);
    while (busy(await indexSearchBatch(fresh, SETTINGS)));
    const lag = await searchIndexLagSeconds(fresh);
    expect(lag, 'the young message is next').toBeGreaterThanOrEqual(5);
    expect(lag).toBeLessThan(120);
    while (busy(await indexSearchBatch(fresh, { ...SETTINGS, delayMs: 0 })));
    expect(await searchIndexLagSeconds(fresh), 'all read').toBe(0);
    await fresh.close();
  });
});

// Two connections at once: PGlite has one, so this holds on Postgres alone.
describe('the message search indexer beside another replica on Postgres', () => {
  let db: Database;
  beforeAll(async () => {
    db = await testPostgresDatabase();
    await migrate(db, 'messages', messagesMigrations);
  });
  afterAll(() => db.close());

  it('skips its turn while another pass holds it, as a second replica does', async () => {
    const [ann, bob] = [randomUUID(), randomUUID()];
    await sendAt(db, ann, bob, 'held back', 120);
    await sendAt(db, bob, ann, 'held too', 120);
    let release!: () => void;
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    const otherPass = db.transaction(async (tx) => {
      await tx.query('SELECT read_up_to FROM search_progress FOR UPDATE');
      holding();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await held;
    expect(await indexSearchBatch(db, SETTINGS), 'a pass while the turn is held').toEqual({ read: 0, written: 0 });
    release();
    await otherPass;
    while (busy(await indexSearchBatch(db, SETTINGS)));
    expect((await blocksOf(db, ann)).map((block) => block.words)).toEqual(["'back' 'held' 'too'"]);
  });
});

describe.each(databaseImplementations)('migration 35 on %s', (_name, database) => {
  it('files the words of a group’s blocks written before it under the group, and leaves a person’s', async () => {
    const db = await database();
    await migrate(
      db,
      'messages',
      messagesMigrations.filter((migration) => migration.version < 35),
    );
    const [ann, group] = [randomUUID(), randomUUID()];
    await db.query(`INSERT INTO groups (id, name, created_by, invite_code) VALUES ($1, 'Old', $2, $3)`, [group, ann, randomUUID()]);
    const oldWords = (owner: string) => `array_to_tsvector(ARRAY['@' || ${owner}::text]) || strip(to_tsvector('simple', 'Old news here'))`;
    await db.query(
      `INSERT INTO search_blocks (user_id, first_id, last_id, message_ids, peer_ids, words)
       VALUES ($1, 1, 2, '{1,2}', '{}', ${oldWords('$1::uuid')}), ($2, 1, 2, '{1,2}', '{}', ${oldWords('$2::uuid')})`,
      [group, ann],
    );
    await migrate(db, 'messages', messagesMigrations);
    expect((await blocksOf(db, group)).map((block) => block.words)).toEqual([`'${group}:here' '${group}:news' '${group}:old'`]);
    expect((await blocksOf(db, ann)).map((block) => block.words)).toEqual(["'here' 'news' 'old'"]);
    await db.close();
  });
});

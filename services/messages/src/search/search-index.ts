import { setTimeout as pause } from 'node:timers/promises';
import type { Database, Queryable } from '@chat/database';
import { Gauge, stepsInOrder, type Registry } from '@chat/kernel';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Message search's index: each user's messages in blocks of up to `blockSize`, in id order, each
 * block with every word in its texts. A GIN index over every message answers "which messages hold
 * this word" but not "which are the newest": a word in a million old messages reads a million
 * entries before the first page. Blocks keep the user's order: a search walks their blocks newest
 * first, skipping those without the words, and checks the few messages of the blocks that have them.
 *
 * Blocks are written off the send path, by an indexer that reads the messages table in id order.
 * A user's messages after their last full block (the tail: fewer than a block's worth, plus what
 * the indexer has not read yet, or has read but left for its next batch) are checked one by one at
 * search time.
 */
export interface SearchIndexSettings {
  /** Messages per block: a search checks this many messages per block that has the words. */
  blockSize: number;
  /**
   * Messages per block of a group's: smaller, as a member's search reads the unindexed messages of
   * every group they are in (200 groups' tails of up to 255 messages were 25,000 messages a search).
   */
  groupBlockSize: number;
  /** Messages younger than this are left for the next pass, so that one committed late is not skipped. */
  delayMs: number;
  /** Messages read per transaction: small enough not to hold the embedded database for long. */
  batchSize: number;
  /**
   * Messages written into blocks per transaction (the first person's full blocks whatever their
   * size): every send waits behind the transaction on the embedded database. At 2,000, the blocks
   * 200 people filled at once were written 10–25 ms a transaction, back to back for a second:
   * every send of that second waited 60 ms.
   */
  writeSize: number;
  /** How often the indexer looks for new messages. */
  intervalMs: number;
}

/** How much longer than a batch took the indexer waits before the next while it catches up. */
const CATCH_UP_YIELD = 4;

export const DEFAULT_SEARCH_INDEX: SearchIndexSettings = {
  blockSize: 256,
  groupBlockSize: 64,
  delayMs: 5_000,
  batchSize: 1_000,
  writeSize: 512,
  intervalMs: 1_000,
};

/** How a text's words are indexed and searched ("simple": lower-cased, no stemming, any language). */
export const textWords = (text: string) => `to_tsvector('simple', coalesce(${text}, ''))`;

/**
 * A block's words: its texts', and its user as a word no text can hold ("@" and the id: a search's
 * words are letters and digits). So the words' index alone finds a user's blocks holding the words
 * searched, and no plan can swap it for a walk along the user's blocks. A group's block files each
 * word under the group instead ('<group id>:<word>', migration 35): its members' search asks the
 * index for each of their groups' word at once (groupWordsQuery).
 */
const blockWords = (userId: string, text: string) =>
  `array_to_tsvector(ARRAY['@' || ${userId}::text]) || CASE WHEN EXISTS (SELECT 1 FROM groups g WHERE g.id = ${userId})
     THEN group_block_words(${userId}, strip(${textWords(text)})) ELSE strip(${textWords(text)}) END`;

/**
 * The tsquery finding `words` (a text[] of a search's words, SQL) as word starts in the blocks of
 * the group `groupId` (SQL): each word as the dictionary writes it, under the group's id.
 */
export const groupWordsQuery = (groupId: string, words: string) =>
  `(SELECT string_agg(quote_literal(${groupId}::text || ':' || (ts_lexize('simple', w))[1]) || ':*', ' & ') FROM unnest(${words}::text[]) w)`;

/** The tsquery of a search's words, each as a word start (letters and digits only reach it, by searchWords: no tsquery syntax). */
export const prefixQuery = (words: readonly string[]) => words.map((word) => `${word}:*`).join(' & ');

/**
 * The words of the text of `table`'s message, written so that no index can serve it: a search checks
 * each message it walks (a tail, a block's messages) whatever plan a prepared statement settled on.
 */
export const checkedWords = (table: string) => textWords(`${table}.text || ''`);

/** The search `query` (a tsquery text) among the blocks of `userId` (SQL expressions both). */
export const inBlocksOf = (userId: string, query: string) =>
  `words @@ (to_tsquery('simple', ${query}) && quote_literal('@' || ${userId}::text)::tsquery)`;

/**
 * Rewrites the words of the blocks holding a message whose text becomes `text` (an edit, or NULL
 * for a deletion), one for each of the two people: the words it lost leave the index with it.
 * Reads the block's other messages as they are; the changed one as it will be.
 */
export const rewriteBlockWords = (messageId: string, text: string) => `
  UPDATE search_blocks b SET words = (
    SELECT ${blockWords('b.user_id', `string_agg(CASE WHEN m.id = ${messageId} THEN ${text} ELSE m.text END, ' ')`)}
    FROM messages m WHERE m.id = ANY(b.message_ids)
  )
  WHERE b.user_id IN (SELECT sender_id FROM messages WHERE id = ${messageId} UNION ALL SELECT receiver_id FROM messages WHERE id = ${messageId})
    AND b.last_id >= ${messageId} AND b.first_id <= ${messageId}`;

/**
 * Users (and groups) whose full blocks wait for a later batch, with how many of their messages are
 * not in a block yet and their block size. Kept by the indexer between batches; lost with the
 * process, when each such user's blocks are written after their next message instead.
 */
export type DeferredBlocks = Map<string, { pending: number; blockSize: number }>;

/** A person (or group) a batch read messages of: how many of theirs are not in a block yet, and their block size. */
interface CountedRow {
  userId: string;
  pending: number;
  blockSize: number;
}

/** What a batch did: messages read, and people (or groups) whose full blocks it wrote. */
export interface BatchDone {
  read: number;
  written: number;
}

const NOTHING_DONE: BatchDone = { read: 0, written: 0 };

/** A user (or group) whose full blocks a batch writes, and their block size. */
interface ReadyBlocks {
  userId: string;
  blockSize: number;
}

/**
 * Reads the next messages after where the indexer stopped and writes the blocks they complete, up
 * to `writeSize` messages into blocks; the other ready users' blocks wait in `deferred` for the
 * next batches (a batch of messages read adds twice as many: each counts for its sender and its
 * receiver). When many users fill a block at once (people writing in step, as a load test does),
 * one statement had written them all: 51,200 messages, PGlite busy for 1.7 s and every send
 * waiting behind it.
 * Answers how much it did (messages read, and users whose blocks it wrote): nothing once it has
 * caught up (or another replica holds the turn). Messages too young to read are not counted. With
 * `readMessages` false it only writes blocks waiting in `deferred`.
 */
export async function indexSearchBatch(
  db: Database,
  settings: SearchIndexSettings,
  deferred: DeferredBlocks = new Map(),
  { readMessages = true } = {},
): Promise<BatchDone> {
  return db.transaction(async (tx) => {
    const [progress] = await tx.query<{ readUpTo: string }>(
      'SELECT read_up_to::text AS "readUpTo" FROM search_progress FOR UPDATE SKIP LOCKED',
    );
    if (!progress || (!readMessages && deferred.size === 0)) return NOTHING_DONE;
    // One read of the messages after where it stopped: the bound (those too young wait), what
    // each person gained, and where the next batch starts. Read once, not once for the bound and
    // twice for the count: the pass holds the embedded database, and every send waits behind it.
    const [batch] = !readMessages
      ? []
      : await tx.query<{ upTo: string | null; read: number; counted: CountedRow[] | null }>(
          `WITH next AS (SELECT id, created_at, sender_id, receiver_id FROM messages WHERE id > $1 ORDER BY id LIMIT $2),
       bound AS (SELECT COALESCE((SELECT min(id) - 1 FROM next WHERE created_at > now() - make_interval(secs => $3)), (SELECT max(id) FROM next)) AS up_to),
       read AS (SELECT next.* FROM next, bound WHERE next.id <= bound.up_to),
       counted AS (
         INSERT INTO search_cursors (user_id, pending)
         SELECT user_id, count(*) FROM read CROSS JOIN LATERAL unnest(ARRAY[read.sender_id, read.receiver_id]) AS user_id GROUP BY user_id
         ON CONFLICT (user_id) DO UPDATE SET pending = search_cursors.pending + EXCLUDED.pending
         RETURNING user_id::text AS "userId", pending, ${blockSizeOf('user_id', '$4', '$5')} AS "blockSize"
       ),
       moved AS (UPDATE search_progress SET read_up_to = bound.up_to FROM bound WHERE bound.up_to > search_progress.read_up_to)
       SELECT (SELECT up_to::text FROM bound) AS "upTo", (SELECT count(*)::int FROM read) AS read, (SELECT json_agg(counted) FROM counted) AS counted`,
          [progress.readUpTo, settings.batchSize, settings.delayMs / 1000, settings.blockSize, settings.groupBlockSize],
        );
    const read = batch?.read ?? 0;
    if (read === 0 && deferred.size === 0) return NOTHING_DONE;
    for (const { userId, pending, blockSize } of batch?.counted ?? [])
      if (pending >= blockSize) deferred.set(userId, { pending, blockSize });
    const upTo = read > 0 ? batch!.upTo! : progress.readUpTo;
    const now = takeWithin(deferred, settings.writeSize);
    if (now.length > 0) await writeBlocks(tx, now, upTo);
    return { read, written: now.length };
  });
}

/** Takes out of `ready` the users whose full blocks fit in `budget` messages (the first one whatever its size). */
function takeWithin(ready: DeferredBlocks, budget: number): ReadyBlocks[] {
  const taken: ReadyBlocks[] = [];
  let left = budget;
  for (const [userId, { pending, blockSize }] of ready) {
    const inBlocks = pending - (pending % blockSize);
    if (taken.length > 0 && inBlocks > left) continue;
    taken.push({ userId, blockSize });
    left -= inBlocks;
    ready.delete(userId);
  }
  return taken;
}

/** The block size of the id in `column` (SQL): a group's (parameter `groupSize`), or a user's (`userSize`). */
const blockSizeOf = (column: string, userSize: string, groupSize: string) =>
  `CASE WHEN EXISTS (SELECT 1 FROM groups g WHERE g.id = ${column}) THEN ${groupSize}::int ELSE ${userSize}::int END`;

/** Whether the indexer has read every message and written every full block (what a bench waits for after seeding). */
export async function searchIndexCaughtUp(db: Queryable, { blockSize, groupBlockSize }: SearchIndexSettings): Promise<boolean> {
  const [row] = await db.query<{ done: boolean }>(
    `SELECT read_up_to >= (SELECT max(id) FROM messages)
       AND NOT EXISTS (SELECT 1 FROM search_cursors WHERE pending >= ${blockSizeOf('user_id', '$1', '$2')}) AS done
     FROM search_progress`,
    [blockSize, groupBlockSize],
  );
  return row?.done ?? false;
}

/** Each ready user's full blocks (of the size counted for them) of messages up to `upTo`; the rest stays their tail. */
async function writeBlocks(tx: Queryable, ready: ReadyBlocks[], upTo: string) {
  await tx.query(
    `WITH theirs AS (
       SELECT c.user_id, m.id, m.text, m.peer_id, ready.size
       FROM unnest($1::uuid[], $3::int[]) AS ready (user_id, size) JOIN search_cursors c ON c.user_id = ready.user_id
       CROSS JOIN LATERAL (
         SELECT id, text, receiver_id AS peer_id FROM messages WHERE sender_id = c.user_id AND id > c.indexed_up_to AND id <= $2
         UNION ALL
         SELECT id, text, sender_id FROM messages WHERE receiver_id = c.user_id AND id > c.indexed_up_to AND id <= $2
       ) m
     ), numbered AS (
       SELECT *, (row_number() OVER (PARTITION BY user_id ORDER BY id) - 1) / size AS block, count(*) OVER (PARTITION BY user_id) AS total
       FROM theirs
     ), written AS (
       INSERT INTO search_blocks (user_id, first_id, last_id, message_ids, peer_ids, words)
       SELECT user_id, min(id), max(id), array_agg(id ORDER BY id), array_agg(DISTINCT peer_id), ${blockWords('user_id', `string_agg(text, ' ')`)}
       FROM numbered WHERE block < total / size GROUP BY user_id, block
       RETURNING user_id, last_id
     )
     UPDATE search_cursors c SET indexed_up_to = done.last_id, pending = done.left_over
     FROM (
       SELECT w.user_id, max(w.last_id) AS last_id, (SELECT max(total % size) FROM numbered n WHERE n.user_id = w.user_id) AS left_over
       FROM written w GROUP BY w.user_id
     ) done
     WHERE c.user_id = done.user_id`,
    [ready.map(({ userId }) => userId), upTo, ready.map(({ blockSize }) => blockSize)],
  );
}

/**
 * How long the oldest message the indexer has not read has waited, in seconds (0 with none): the
 * indexer leaves the last `delayMs` for a later pass, so this stays near it while it keeps up.
 */
export async function searchIndexLagSeconds(db: Queryable): Promise<number> {
  const [row] = await db.query<{ lag: number }>(
    `SELECT COALESCE(extract(epoch FROM now() - m.created_at), 0)::float8 AS lag
     FROM search_progress p LEFT JOIN LATERAL (SELECT created_at FROM messages WHERE id > p.read_up_to ORDER BY id LIMIT 1) m ON true`,
  );
  return row?.lag ?? 0;
}

export interface SearchIndexer {
  /** Stops looking for new messages, after the pass under way. */
  stop(): Promise<void>;
}

/** Keeps the search index caught up: a pass every `intervalMs`, batch after batch until nothing is left. */
export function startSearchIndexer(db: Database, log: FastifyBaseLogger, metrics: Registry, settings: SearchIndexSettings): SearchIndexer {
  new Gauge({
    name: 'chat_search_index_lag_seconds',
    help: 'How long the oldest message the search index has not read has waited (it leaves the youngest for a later pass)',
    registers: [metrics],
    async collect() {
      this.set(await searchIndexLagSeconds(db));
    },
  });
  const inOrder = stepsInOrder();
  const deferred: DeferredBlocks = new Map();
  let stopped = false;

  const pass = async () => {
    let readMessages = true;
    while (!stopped) {
      const started = performance.now();
      const { read } = await indexSearchBatch(db, settings, deferred, { readMessages });
      // Caught up with the messages old enough to read: those coming of age meanwhile wait for the
      // next pass (read a few at a time, each batch would count the same people again; going on
      // while anything was read, a pass under a steady 5,000 msg/s ran 58 batches a second of ~90
      // messages each, a fifth of embedded mode's database thread). The blocks left go on.
      readMessages &&= read === settings.batchSize;
      if (!readMessages && deferred.size === 0) return;
      // The database serves everything else for four times as long as the batch held it: catching
      // up (a backlog, or the blocks many filled at once) takes at most a fifth of it.
      await pause(CATCH_UP_YIELD * (performance.now() - started));
    }
  };
  const timer = setInterval(() => {
    inOrder(pass).catch((error: unknown) => log.warn({ err: error }, 'message search index: a pass failed; the next one retries'));
  }, settings.intervalMs);
  timer.unref();

  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await inOrder(async () => undefined);
    },
  };
}

import { GROUP_ERRORS, type GroupDelivered, type GroupReceipts, type MessageInfo } from '@chat/contracts';
import { BATCHED_WRITES_IN_FLIGHT, type Database, type Queryable } from '@chat/database';
import { batchPerTurn, notFound, pacePerKey } from '@chat/kernel';
import type { FastifyBaseLogger } from 'fastify';
import type { GroupEvents } from './group-events.js';
import { requireSeenBy } from './groups.js';

/** A member's cursor moved: they have the group's messages up to `upTo` on a device (and read them, with `read`). */
export interface GroupMove extends GroupDelivered {
  read: boolean;
}

/**
 * Moves members' cursors (never back, never past the group's latest message; reading delivers too)
 * and logs each move with its time for "Message info", in one transaction: the members' rows locked
 * first, in key order, by a statement of their own, so batches cannot deadlock, then moved by
 * another. Answers the groups where a cursor moved: their receipts may move now. Any move, not only
 * one of a member who held the group's cursors back, so a group whose settle was lost (the process
 * stopped before it) is settled at its next move.
 */
export async function recordGroupMoves(db: Database, moves: readonly GroupMove[]): Promise<string[]> {
  if (moves.length === 0) return [];
  const groupIds = moves.map((move) => move.groupId);
  const userIds = moves.map((move) => move.userId);
  const rows = await db.transaction(async (tx) => {
    // Each member's row looked up by its key, whatever the planner's statistics say of the table
    // (a join let a stale estimate scan a group's every member for each move).
    await tx.query(
      `SELECT 1 FROM (SELECT DISTINCT g, u FROM unnest($1::uuid[], $2::uuid[]) AS t(g, u) ORDER BY g, u) a
       CROSS JOIN LATERAL (
         SELECT 1 FROM group_members m WHERE m.group_id = a.g AND m.user_id = a.u AND m.left_after IS NULL FOR NO KEY UPDATE
       ) m`,
      [groupIds, userIds],
    );
    return tx.query<{ groupId: string }>(
      `WITH asked AS (
       SELECT g, u, max(up_to) AS delivered_to, COALESCE(max(up_to) FILTER (WHERE read), 0) AS read_to, max(at) AS at
       FROM unnest($1::uuid[], $2::uuid[], $3::bigint[], $4::boolean[], $5::timestamptz[]) AS t(g, u, up_to, read, at)
       GROUP BY g, u
     ), old AS (
       -- Each member's row by its key, as locked above (OFFSET 0 keeps the planner from making it
       -- a join: a hash join read every member of the group for each batch).
       SELECT m.*, LEAST(a.delivered_to, m.last) AS new_d, LEAST(a.read_to, m.last) AS new_r, a.at
       FROM asked a CROSS JOIN LATERAL (
         SELECT m.group_id, m.user_id, m.delivered_up_to AS old_d, m.read_up_to AS old_r,
           g.last_message_id AS last
         FROM group_members m JOIN groups g ON g.id = m.group_id
         WHERE m.group_id = a.g AND m.user_id = a.u AND m.left_after IS NULL
         OFFSET 0
       ) m
     ), moved AS (
       UPDATE group_members m SET delivered_up_to = GREATEST(old_d, new_d), read_up_to = GREATEST(old_r, new_r)
       FROM old WHERE m.group_id = old.group_id AND m.user_id = old.user_id AND (new_d > old_d OR new_r > old_r)
     ), logged AS (
       INSERT INTO group_receipts (group_id, user_id, read, up_to, at)
       SELECT group_id, user_id, false, new_d, at FROM old WHERE new_d > old_d
       UNION ALL
       SELECT group_id, user_id, true, new_r, at FROM old WHERE new_r > old_r
       ON CONFLICT DO NOTHING
     )
     SELECT DISTINCT group_id::text AS "groupId" FROM old WHERE new_d > old_d OR new_r > old_r`,
      [groupIds, userIds, moves.map((move) => move.upTo), moves.map((move) => move.read), moves.map((move) => move.at)],
    );
  });
  return rows.map((row) => row.groupId);
}

/**
 * Raises a group's receipts to the lowest cursors of its members now, and stamps the messages they
 * pass (delivered to every member, read by every member): one row per message, once each. Answers
 * the receipts when they moved. One statement, its only touch of the group's row the update (as a
 * send's): it locks that row alone, so settles of several groups cannot wait for each other, and one
 * that waited for a send updates the row's newest version. Its lowest cursors are read at the
 * statement's start; a move committed after it is settled by its own statement, after it.
 */
export async function settleGroupReceipts(db: Queryable, groupId: string, at: string): Promise<GroupReceipts | undefined> {
  const [moved] = await db.query<Omit<GroupReceipts, 'at'>>(
    `WITH lowest AS (
       SELECT g.delivered_up_to AS old_d, g.read_up_to AS old_r, c.new_d, c.new_r
       FROM groups g CROSS JOIN LATERAL (
         SELECT COALESCE(min(delivered_up_to), 0) AS new_d, COALESCE(min(read_up_to), 0) AS new_r
         FROM group_members WHERE group_id = g.id AND left_after IS NULL
       ) c
       WHERE g.id = $1 AND (c.new_d > g.delivered_up_to OR c.new_r > g.read_up_to)
     ), moved AS (
       UPDATE groups g SET delivered_up_to = GREATEST(g.delivered_up_to, l.new_d), read_up_to = GREATEST(g.read_up_to, l.new_r)
       FROM lowest l WHERE g.id = $1
       RETURNING g.delivered_up_to, g.read_up_to
     ), passed AS (
       -- Only the messages each cursor passed now, each range read from the group's index: a member
       -- who never reads holds the read cursor back, and must not make every settle rescan since.
       -- Read from the group's move, they are stamped after the group's row is locked, as every
       -- settle locks them: two settles of a group cannot wait for each other.
       SELECT DISTINCT m.id, l.old_r, l.new_r FROM moved CROSS JOIN lowest l
       CROSS JOIN LATERAL (VALUES (l.old_d, l.new_d), (l.old_r, l.new_r)) AS r(after, up_to)
       CROSS JOIN LATERAL (
         SELECT id FROM messages WHERE group_id = $1 AND id > r.after AND id <= r.up_to AND system IS NULL
       ) m
     ), stamped AS (
       UPDATE messages SET delivered_at = COALESCE(delivered_at, $2::timestamptz),
         read_at = CASE WHEN messages.id > p.old_r AND messages.id <= p.new_r THEN COALESCE(read_at, $2::timestamptz) ELSE read_at END
       FROM passed p WHERE messages.id = p.id
     )
     SELECT $1::text AS "groupId", delivered_up_to::text AS "deliveredUpTo", read_up_to::text AS "readUpTo" FROM moved`,
    [groupId, at],
    // Every step a lookup by the group's key: planned for each run, planning cost about what the
    // run did (Postgres 0.86 ms against 0.76).
    { plan: 'generic' },
  );
  return moved && { ...moved, at };
}

/** "Message info" of the asker's own message: each member in the group when it was sent (and now), with their first move past it. */
export async function messageInfo(db: Queryable, groupId: string, messageId: string, askerId: string): Promise<MessageInfo> {
  const membership = await requireSeenBy(db, groupId, askerId);
  const [message] = await db.query<{ mine: boolean }>(
    'SELECT sender_id = $3 AS mine FROM messages WHERE id = $2 AND group_id = $1 AND system IS NULL AND id > $4::bigint',
    [groupId, messageId, askerId, membership.seenAfter],
  );
  if (!message?.mine) throw notFound(GROUP_ERRORS.notYourMessage);
  const members = await db.query<{ userId: string; deliveredAt: Date | null; readAt: Date | null }>(
    `SELECT m.user_id::text AS "userId",
       (SELECT min(at) FROM group_receipts r WHERE r.group_id = $1 AND r.user_id = m.user_id AND NOT r.read AND r.up_to >= $2) AS "deliveredAt",
       (SELECT min(at) FROM group_receipts r WHERE r.group_id = $1 AND r.user_id = m.user_id AND r.read AND r.up_to >= $2) AS "readAt"
     FROM group_members m
     WHERE m.group_id = $1 AND m.left_after IS NULL AND m.joined_after < $2 AND m.user_id <> $3
     ORDER BY m.joined_at, m.user_id`,
    [groupId, messageId, askerId],
  );
  return {
    members: members.map(({ userId, deliveredAt, readAt }) => ({
      userId,
      deliveredAt: deliveredAt?.toISOString() ?? null,
      readAt: readAt?.toISOString() ?? null,
    })),
  };
}

/**
 * A group's receipts are settled, and told, at most once a second. Each telling is a write to every
 * member's socket, and in a large group the lowest cursor moves whenever the members who held it
 * back report (each socket about once a second, spread over it): 14 tellings a second in a group of
 * 1,024 at 50 messages a second, a write for each of 28 % of its copies. And each settle reads every
 * member's cursors: in that group, ~35 a second, 7 ms each on PGlite's thread (docs/performance.md).
 */
const GROUP_RECEIPTS_INTERVAL_MS = 1000;

/**
 * How many moves one transaction records at most. A batch of moves holds the database while it is
 * recorded, and the sends behind it wait: 1,024 members reporting once a second came in batches of
 * ~200, one transaction each, which held PGlite's thread ~19 ms (embedded mode runs every statement
 * there) five times a second, so one send in ten waited for one (docs/performance.md).
 */
const GROUP_MOVES_PER_TRANSACTION = 64;

/**
 * Receipts in groups as members see them: moves arriving together (members' sockets, reads, a page
 * of history fetched) are recorded together, GROUP_MOVES_PER_TRANSACTION a transaction; each group
 * they moved is settled at once, or at the end of a second that settled it already, and told on its
 * subject when its receipts moved. A settle still waiting when the process stops is dropped: the
 * group's next move settles it.
 */
export function createGroupReceipts({ db, events, log }: { db: Database; events: GroupEvents; log: FastifyBaseLogger }) {
  const settleAndTell = async (groupId: string) => {
    const receipts = await settleGroupReceipts(db, groupId, new Date().toISOString());
    if (receipts) await events.receipts(receipts);
  };
  const settles = pacePerKey<undefined>(GROUP_RECEIPTS_INTERVAL_MS, (groupId) => {
    settleAndTell(groupId).catch((error: unknown) => log.warn({ err: error, groupId }, 'could not settle a group’s receipts'));
  });
  const settle = (groupId: string) => settles.push(groupId, undefined);
  const record = batchPerTurn(
    async (moves: GroupMove[]) => {
      for (let at = 0; at < moves.length; at += GROUP_MOVES_PER_TRANSACTION) {
        for (const groupId of await recordGroupMoves(db, moves.slice(at, at + GROUP_MOVES_PER_TRANSACTION))) settle(groupId);
      }
      return moves.map(() => undefined);
    },
    { inFlight: BATCHED_WRITES_IN_FLIGHT, allOrNothing: true },
  );
  return {
    /** A member's cursor moved. */
    moved: (move: GroupMove): Promise<void> => record(move),
    /** Cursors moved outside a batch (a send's own), or someone left: the lowest cursors may be higher. */
    settle,
    /** Settles nothing more. */
    stop: () => settles.stop(),
  };
}
export type GroupReceiptsRecorder = ReturnType<typeof createGroupReceipts>;

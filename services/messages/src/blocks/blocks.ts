import { BLOCKED_ERRORS, type Contact } from '@chat/contracts';
import type { Queryable } from '@chat/database';
import { forbidden } from '@chat/kernel';
import type { BlockedPairs } from '@chat/presence';

/** A block between two users, seen from one of them: they blocked the other, or were blocked. */
export type Block = 'blocked-by-me' | 'blocked-me';
/** Whether a block stands between two users, seen from one of them. */
export type BlockBetween = 'none' | Block;

/** The block the rows of `blocks` between `userId` and another show, seen from `userId`. */
const seenBy = (userId: string, rows: readonly { blockerId: string }[]): BlockBetween => {
  if (rows.length === 0) return 'none';
  return rows.some((row) => row.blockerId === userId) ? 'blocked-by-me' : 'blocked-me';
};

/** The 403 that says why a block refuses a message, a reaction or an edit, to the one refused. */
export const blockedError = (block: Block) =>
  forbidden(block === 'blocked-me' ? BLOCKED_ERRORS.blockedByReceiver : BLOCKED_ERRORS.receiverBlocked);

/** SQL: a block stands between the users `a` and `b`, either way (two primary-key lookups). */
export const BLOCK_BETWEEN = (a: string, b: string) =>
  `EXISTS (SELECT 1 FROM blocks WHERE (blocker_id = ${a} AND blocked_id = ${b}) OR (blocker_id = ${b} AND blocked_id = ${a}))`;

export async function blockBetween(db: Queryable, userId: string, otherId: string): Promise<BlockBetween> {
  const rows = await db.query<{ blockerId: string }>(
    `SELECT blocker_id::text AS "blockerId" FROM blocks
     WHERE (blocker_id = $1 AND blocked_id = $2) OR (blocker_id = $2 AND blocked_id = $1)`,
    [userId, otherId],
  );
  return seenBy(userId, rows);
}

/** Whether a block stands between `userId` and the other person of a message of theirs ('none' for anyone else's). */
export async function blockOverMessage(db: Queryable, userId: string, messageId: string): Promise<BlockBetween> {
  const rows = await db.query<{ blockerId: string }>(
    `SELECT b.blocker_id::text AS "blockerId" FROM messages m JOIN blocks b
       ON (b.blocker_id = m.sender_id AND b.blocked_id = m.receiver_id) OR (b.blocker_id = m.receiver_id AND b.blocked_id = m.sender_id)
     WHERE m.id = $1 AND $2 IN (m.sender_id, m.receiver_id)`,
    [messageId, userId],
  );
  return seenBy(userId, rows);
}

/** Answers 403 with why, when a block stands between the two people of a message. */
export async function requireNoBlockOverMessage(db: Queryable, userId: string, messageId: string): Promise<void> {
  const block = await blockOverMessage(db, userId, messageId);
  if (block !== 'none') throw blockedError(block);
}

/** Records the block (again is nothing new). */
export async function addBlock(db: Queryable, blockerId: string, blockedId: string): Promise<void> {
  await db.query('INSERT INTO blocks (blocker_id, blocked_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [blockerId, blockedId]);
}

/** Lifts the block, if there is one. */
export async function removeBlock(db: Queryable, blockerId: string, blockedId: string): Promise<void> {
  await db.query('DELETE FROM blocks WHERE blocker_id = $1 AND blocked_id = $2', [blockerId, blockedId]);
}

/** The contacts `blockerId` blocked, by name. */
export async function listBlocked(db: Queryable, blockerId: string): Promise<Contact[]> {
  return db.query<Contact>(
    `SELECT c.user_id::text AS "_id", c.full_name AS "fullName", c.profile_pic AS "profilePic"
     FROM blocks b JOIN contacts c ON c.user_id = b.blocked_id
     WHERE b.blocker_id = $1 ORDER BY lower(c.full_name), c.user_id`,
    [blockerId],
  );
}

/** Writes every block into the gateways' copy, a page at a time: a copy that lost its data is whole again. */
export async function announceBlocks(db: Queryable, pairs: BlockedPairs, page = 1000): Promise<void> {
  let after = { blockerId: '00000000-0000-0000-0000-000000000000', blockedId: '00000000-0000-0000-0000-000000000000' };
  for (;;) {
    const rows = await db.query<{ blockerId: string; blockedId: string }>(
      `SELECT blocker_id::text AS "blockerId", blocked_id::text AS "blockedId" FROM blocks
       WHERE (blocker_id, blocked_id) > ($1::uuid, $2::uuid) ORDER BY blocker_id, blocked_id LIMIT $3`,
      [after.blockerId, after.blockedId, page],
    );
    await Promise.all(rows.map((row) => pairs.block(row.blockerId, row.blockedId)));
    if (rows.length < page) return;
    after = rows[rows.length - 1]!;
  }
}

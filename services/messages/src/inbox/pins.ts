import { MAX_PINNED_CONVERSATIONS, PIN_ERRORS } from '@chat/contracts';
import type { Queryable } from '@chat/database';
import { conflict } from '@chat/kernel';

/** How many conversations and groups `user` pinned: together they are held to MAX_PINNED_CONVERSATIONS. */
export const PINNED_BY = (user: string) =>
  `((SELECT count(*) FROM conversations p WHERE p.user_id = ${user} AND p.pinned_at IS NOT NULL)
    + (SELECT count(*) FROM group_members p WHERE p.user_id = ${user} AND p.pinned_at IS NOT NULL))`;

/**
 * Pins my conversation with `peerId` to the top of my inbox, the latest pinned first; pinning it
 * again keeps its place. Refused (409) without a conversation, or past MAX_PINNED_CONVERSATIONS.
 * Two pins at the same instant may both pass the count: the limit keeps a list short, it guards
 * nothing.
 */
export async function pinConversation(db: Queryable, userId: string, peerId: string): Promise<void> {
  // Milliseconds, as a page's cursor carries the time back (a JavaScript date).
  // A pinned conversation is in the inbox: pinning one from the archive takes it out.
  const pinned = await db.query(
    `UPDATE conversations v SET pinned_at = COALESCE(v.pinned_at, date_trunc('milliseconds', now())), archived_at = NULL
     WHERE v.user_id = $1 AND v.peer_id = $2
       AND (v.pinned_at IS NOT NULL OR ${PINNED_BY('$1')} < $3)
     RETURNING 1`,
    [userId, peerId, MAX_PINNED_CONVERSATIONS],
  );
  if (pinned.length > 0) return;
  const conversation = await db.query('SELECT 1 FROM conversations WHERE user_id = $1 AND peer_id = $2', [userId, peerId]);
  throw conflict(conversation.length > 0 ? PIN_ERRORS.tooMany : PIN_ERRORS.noConversation);
}

export async function unpinConversation(db: Queryable, userId: string, peerId: string): Promise<void> {
  await db.query('UPDATE conversations SET pinned_at = NULL WHERE user_id = $1 AND peer_id = $2 AND pinned_at IS NOT NULL', [
    userId,
    peerId,
  ]);
}

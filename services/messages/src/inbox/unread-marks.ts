import { UNREAD_MARK_ERRORS } from '@chat/contracts';
import type { Queryable } from '@chat/database';
import { conflict } from '@chat/kernel';

/**
 * Marks my conversation with `peerId` unread, to come back to it, or clears the mark (as opening it
 * does). Marking is refused (409) without a conversation.
 */
export async function markUnread(db: Queryable, userId: string, peerId: string, marked: boolean): Promise<void> {
  const changed = await db.query('UPDATE conversations SET marked_unread = $3 WHERE user_id = $1 AND peer_id = $2 RETURNING 1', [
    userId,
    peerId,
    marked,
  ]);
  if (marked && changed.length === 0) throw conflict(UNREAD_MARK_ERRORS.noConversation);
}

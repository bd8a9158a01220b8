import { ARCHIVE_ERRORS } from '@chat/contracts';
import type { Queryable } from '@chat/database';
import { conflict } from '@chat/kernel';

/**
 * Moves my conversation with `peerId` out of the inbox into the archive (unpinned), until I take it
 * out or a new message in it brings it back. Refused (409) without a conversation.
 */
export async function archiveConversation(db: Queryable, userId: string, peerId: string): Promise<void> {
  const archived = await db.query(
    `UPDATE conversations SET archived_at = COALESCE(archived_at, now()), pinned_at = NULL WHERE user_id = $1 AND peer_id = $2 RETURNING 1`,
    [userId, peerId],
  );
  if (archived.length === 0) throw conflict(ARCHIVE_ERRORS.noConversation);
}

export async function unarchiveConversation(db: Queryable, userId: string, peerId: string): Promise<void> {
  await db.query('UPDATE conversations SET archived_at = NULL WHERE user_id = $1 AND peer_id = $2 AND archived_at IS NOT NULL', [
    userId,
    peerId,
  ]);
}

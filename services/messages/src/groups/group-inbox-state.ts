import { MAX_PINNED_CONVERSATIONS, PIN_ERRORS } from '@chat/contracts';
import type { Queryable } from '@chat/database';
import { conflict } from '@chat/kernel';
import { PINNED_BY } from '../inbox/pins.js';

// A member's own state of a group in their inbox, as a conversation's (pinned, archived, marked
// unread): their row of group_members, for a group they are or were in.

/** Pins the group among my pinned conversations (the latest first), taking it out of the archive; refused (409) past the limit. */
export async function pinGroup(db: Queryable, userId: string, groupId: string): Promise<void> {
  const pinned = await db.query(
    `UPDATE group_members m SET pinned_at = COALESCE(m.pinned_at, date_trunc('milliseconds', now())), archived_up_to = NULL
     WHERE m.group_id = $2 AND m.user_id = $1 AND (m.pinned_at IS NOT NULL OR ${PINNED_BY('$1')} < $3)
     RETURNING 1`,
    [userId, groupId, MAX_PINNED_CONVERSATIONS],
  );
  if (pinned.length === 0) throw conflict(PIN_ERRORS.tooMany);
}

export async function unpinGroup(db: Queryable, userId: string, groupId: string): Promise<void> {
  await db.query('UPDATE group_members SET pinned_at = NULL WHERE group_id = $2 AND user_id = $1 AND pinned_at IS NOT NULL', [
    userId,
    groupId,
  ]);
}

/**
 * Archives the group (unpinned) up to the latest message I may see in it: a message past that one
 * brings it back to the inbox, with no write per member on the send.
 */
export async function archiveGroup(db: Queryable, userId: string, groupId: string): Promise<void> {
  await db.query(
    `UPDATE group_members m SET archived_up_to = COALESCE(m.left_after, g.last_message_id), pinned_at = NULL
     FROM groups g WHERE g.id = m.group_id AND m.group_id = $2 AND m.user_id = $1`,
    [userId, groupId],
  );
}

export async function unarchiveGroup(db: Queryable, userId: string, groupId: string): Promise<void> {
  await db.query('UPDATE group_members SET archived_up_to = NULL WHERE group_id = $2 AND user_id = $1 AND archived_up_to IS NOT NULL', [
    userId,
    groupId,
  ]);
}

export async function markGroupUnread(db: Queryable, userId: string, groupId: string, marked: boolean): Promise<void> {
  await db.query('UPDATE group_members SET marked_unread = $3 WHERE group_id = $2 AND user_id = $1', [userId, groupId, marked]);
}

import type { Queryable } from '@chat/database';
import {
  findOwnOrReceived,
  LISTED_GROUP_COLUMNS,
  MAX_BIGINT,
  messageColumns,
  PEER_COLUMNS,
  peerOf,
  toMessageWithPeer,
  type ListedMessage,
  type RowWithPeer,
} from '../conversations/messages.js';

export type StarOutcome = { status: 'done'; peerId: string } | { status: 'not-found' } | { status: 'deleted' };

/**
 * Stars (or unstars) a message `userId` sent or received, or one of a group they are in; again is
 * no change. Answers whose conversation it is of (the other person, or the group). A deleted message
 * cannot be starred (unstarring one is no change: deleting it took its stars).
 */
export async function setStar(
  db: Queryable,
  { userId, messageId, starred }: { userId: string; messageId: string; starred: boolean },
): Promise<StarOutcome> {
  const found = await findOwnOrReceived(db, messageId, userId);
  if (!found) return { status: 'not-found' };
  if (starred && found.deletedAt) return { status: 'deleted' };
  await db.query(
    starred
      ? 'INSERT INTO stars (user_id, message_id) VALUES ($1, $2) ON CONFLICT DO NOTHING'
      : 'DELETE FROM stars WHERE user_id = $1 AND message_id = $2',
    [userId, messageId],
  );
  return { status: 'done', peerId: found.groupId ?? (found.senderId === userId ? found.receiverId : found.senderId) };
}

/**
 * The messages `userId` starred (or those with `peerId`, a person or a group), newest first, with
 * the person each is with (in a group, its sender, and the group). Stars of a group's messages stay
 * after leaving it, as the messages seen until then do.
 */
export async function listStarred(
  db: Queryable,
  { userId, peerId, before, limit }: { userId: string; peerId?: string; before?: string; limit: number },
): Promise<ListedMessage[]> {
  const rows = await db.query<RowWithPeer>(
    `SELECT ${messageColumns('m')}, true AS starred, ${PEER_COLUMNS}, ${LISTED_GROUP_COLUMNS}
     FROM stars s
     JOIN messages m ON m.id = s.message_id
     JOIN contacts c ON c.user_id = ${peerOf('m', '$1')}
     LEFT JOIN groups g ON g.id = m.group_id
     WHERE s.user_id = $1 AND s.message_id < $2::bigint
       AND ($3::uuid IS NULL OR m.group_id = $3::uuid OR (m.group_id IS NULL AND c.user_id = $3::uuid))
     ORDER BY s.message_id DESC
     LIMIT $4`,
    [userId, before ?? MAX_BIGINT, peerId ?? null, limit],
  );
  return rows.map(toMessageWithPeer);
}

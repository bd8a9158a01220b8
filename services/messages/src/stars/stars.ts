import type { Contact } from '@chat/contracts';
import type { Queryable } from '@chat/database';
import {
  findOwnOrReceived,
  MAX_BIGINT,
  messageColumns,
  PEER_COLUMNS,
  toMessageWithPeer,
  type ChatMessage,
  type RowWithPeer,
} from '../conversations/messages.js';

export type StarOutcome = { status: 'done'; peerId: string } | { status: 'not-found' } | { status: 'deleted' };

/**
 * Stars (or unstars) a message `userId` sent or received; again is no change. A deleted message
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
  return { status: 'done', peerId: found.senderId === userId ? found.receiverId : found.senderId };
}

/** The messages `userId` starred (or those with `peerId`), newest first, with the person each is with. */
export async function listStarred(
  db: Queryable,
  { userId, peerId, before, limit }: { userId: string; peerId?: string; before?: string; limit: number },
): Promise<{ message: ChatMessage; peer: Contact }[]> {
  const rows = await db.query<RowWithPeer>(
    `SELECT ${messageColumns('m')}, true AS starred, ${PEER_COLUMNS}
     FROM stars s
     JOIN messages m ON m.id = s.message_id
     JOIN contacts c ON c.user_id = CASE WHEN m.sender_id = $1 THEN m.receiver_id ELSE m.sender_id END
     WHERE s.user_id = $1 AND s.message_id < $2::bigint
       AND ($3::uuid IS NULL OR c.user_id = $3::uuid)
     ORDER BY s.message_id DESC
     LIMIT $4`,
    [userId, before ?? MAX_BIGINT, peerId ?? null, limit],
  );
  return rows.map(toMessageWithPeer);
}

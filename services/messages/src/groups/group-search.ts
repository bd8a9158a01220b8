import type { Queryable } from '@chat/database';
import {
  hiddenBy,
  LISTED_GROUP_COLUMNS,
  MAX_BIGINT,
  messageColumns,
  PEER_COLUMNS,
  toMessageWithPeer,
  type ListedMessage,
  type RowWithPeer,
} from '../conversations/messages.js';
import { checkedWords, prefixQuery } from '../search/search-index.js';

/**
 * The messages of `userId`'s groups (or of group `groupId`) holding a word starting with each of
 * `words`, newest first, each with its sender and its group; only those said while they were in it
 * (a removed member finds what they had, nothing after), but those they deleted for themselves.
 *
 * A group's messages are indexed once, in the group's own blocks (the indexer files each message
 * under its receiver, which for a group's is the group), not once per member: a search reads, in
 * each of the member's groups, the messages after the group's last full block one by one, and the
 * newest of its blocks holding every word, within the member's window.
 */
export async function searchGroupMessages(
  db: Queryable,
  { userId, words, groupId, before, limit }: { userId: string; words: string[]; groupId?: string; before?: string; limit: number },
): Promise<ListedMessage[]> {
  const rows = await db.query<RowWithPeer>(
    `WITH mine AS (
       SELECT group_id, joined_after, COALESCE(left_after, ${MAX_BIGINT}) AS seen_up_to FROM group_members
       WHERE user_id = $1 AND ($2::uuid IS NULL OR group_id = $2::uuid)
     ), candidates AS (
       SELECT tail.id FROM mine CROSS JOIN LATERAL (
         SELECT id FROM messages
         WHERE group_id = mine.group_id AND id < $4::bigint
           AND id > GREATEST(mine.joined_after, (SELECT COALESCE(max(indexed_up_to), 0) FROM search_cursors WHERE user_id = mine.group_id))
           AND ${checkedWords('messages')} @@ to_tsquery('simple', $3)
       ) tail
       UNION
       SELECT unnest(blocks.message_ids) FROM mine CROSS JOIN LATERAL (
         SELECT message_ids FROM search_blocks
         WHERE user_id = mine.group_id AND last_id > mine.joined_after AND first_id <= mine.seen_up_to AND first_id < $4::bigint
           AND words @@ to_tsquery('simple', $3)
         ORDER BY last_id DESC LIMIT $5
       ) blocks
     )
     SELECT ${messageColumns('m')}, ${PEER_COLUMNS}, ${LISTED_GROUP_COLUMNS}
     FROM candidates
     JOIN messages m ON m.id = candidates.id
     JOIN mine ON mine.group_id = m.group_id
     JOIN contacts c ON c.user_id = m.sender_id
     JOIN groups g ON g.id = m.group_id
     WHERE m.id > mine.joined_after AND m.id <= mine.seen_up_to AND m.id < $4::bigint AND m.system IS NULL
       AND ${checkedWords('m')} @@ to_tsquery('simple', $3) AND NOT ${hiddenBy('$1', 'm.id')}
     ORDER BY m.id DESC
     LIMIT $5`,
    [userId, groupId ?? null, prefixQuery(words), before ?? MAX_BIGINT, limit],
  );
  return rows.map(toMessageWithPeer);
}

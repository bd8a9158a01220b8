import type { Queryable } from '@chat/database';
import {
  hiddenBy,
  LISTED_GROUP_COLUMNS,
  MAX_BIGINT,
  messageColumns,
  newerFirst,
  PEER_COLUMNS,
  seenAfter,
  toMessageWithPeer,
  type ListedMessage,
  type RowWithPeer,
} from '../conversations/messages.js';
import { checkedWords, groupWordsQuery, prefixQuery } from '../search/search-index.js';

/** How many of each group's newest blocks a search reads first, one by one: enough for a common word. */
const WALKED_BLOCKS = 2;

/**
 * The messages of `userId`'s groups (or of group `groupId`: null when they never were in it)
 * holding a word starting with each of `words`, newest first, each with its sender and its group;
 * only those said while they were in it (a removed member finds what they had, nothing after), but
 * those they deleted for themselves.
 *
 * A group's messages are indexed once, in the group's own blocks (the indexer files each message
 * under its receiver, which for a group's message is the group), not once per member. As a
 * person's search does, it checks in each group the messages after its last full block one by one
 * and the newest blocks; when these do not fill the page, the older blocks of the member's groups
 * holding the words, newest first, which the words' index finds (a group's words are filed under it).
 */
export async function searchGroupMessages(
  db: Queryable,
  { userId, words, groupId, before, limit }: { userId: string; words: string[]; groupId?: string; before?: string; limit: number },
): Promise<ListedMessage[] | null> {
  // My groups, which of their messages I see, and where each one's unindexed messages (its tail) start.
  const groups = await db.query<{ groupId: string; seenAfter: string; seenUpTo: string; tailAfter: string }>(
    `SELECT m.group_id::text AS "groupId", ${seenAfter('m')}::text AS "seenAfter", COALESCE(m.left_after, ${MAX_BIGINT})::text AS "seenUpTo",
       GREATEST(${seenAfter('m')}, COALESCE(c.indexed_up_to, 0))::text AS "tailAfter"
     FROM group_members m LEFT JOIN search_cursors c ON c.user_id = m.group_id
     WHERE m.user_id = $1 AND NOT m.chat_deleted AND ($2::uuid IS NULL OR m.group_id = $2::uuid)`,
    [userId, groupId ?? null],
  );
  if (groups.length === 0) return groupId ? null : [];
  const query = prefixQuery(words);
  const longestWord = words.reduce((longest, word) => (word.length > longest.length ? word : longest));
  const newest = before ?? MAX_BIGINT;
  // Each block's window test: it holds a message the member may see, older than the page's start.
  const inWindow = (block: string) =>
    `${block}.last_id > mine.seen_after AND ${block}.first_id <= mine.seen_up_to AND ${block}.first_id < $4::bigint`;
  const found = (candidates: string, more: unknown) =>
    db.query<RowWithPeer>(
      `WITH mine AS (
         SELECT * FROM unnest($2::uuid[], $3::bigint[], $6::bigint[], $8::bigint[]) AS m (group_id, seen_after, seen_up_to, tail_after)
       ), candidates AS (${candidates})
       SELECT ${messageColumns('m')}, ${PEER_COLUMNS}, ${LISTED_GROUP_COLUMNS}
       FROM candidates
       JOIN messages m ON m.id = candidates.id
       JOIN mine ON mine.group_id = m.group_id
       JOIN contacts c ON c.user_id = m.sender_id
       JOIN groups g ON g.id = m.group_id
       WHERE m.id > mine.seen_after AND m.id <= mine.seen_up_to AND m.id < $4::bigint AND m.system IS NULL
         AND ${checkedWords('m')} @@ to_tsquery('simple', $5) AND NOT ${hiddenBy('$1', 'm.id')}
       ORDER BY m.id DESC
       LIMIT $7`,
      [
        userId,
        groups.map((group) => group.groupId),
        groups.map((group) => group.seenAfter),
        newest,
        query,
        groups.map((group) => group.seenUpTo),
        limit,
        groups.map((group) => group.tailAfter),
        more,
        words,
      ],
    );
  // The messages after each group's last full block (`$9`: the longest word, looked for first), and its newest blocks.
  const rows = await found(
    `
    SELECT tail.id FROM mine CROSS JOIN LATERAL (
      -- Each group's tail read along its index (OFFSET 0: never one scan of every group's messages).
      SELECT id FROM messages
      WHERE group_id = mine.group_id AND id > mine.tail_after AND id < $4::bigint
        -- A word's start is somewhere in the text of a message that has it: a cheap look first.
        AND strpos(lower(text), lower($9)) > 0 AND ${checkedWords('messages')} @@ to_tsquery('simple', $5)
      OFFSET 0
    ) tail
    UNION
    SELECT unnest(walked.message_ids) AS id FROM mine CROSS JOIN LATERAL (
      SELECT message_ids, words FROM search_blocks b WHERE b.user_id = mine.group_id AND ${inWindow('b')} ORDER BY b.last_id DESC LIMIT ${WALKED_BLOCKS}
    ) walked
    WHERE walked.words @@ ${groupWordsQuery('mine.group_id', '$10')}::tsquery`,
    longestWord,
  );
  if (rows.length >= limit) return rows.map(toMessageWithPeer);
  // Fewer than a page: the older blocks of the member's groups, found by the words' index, which
  // files a group's words under it: one query of each group's words ('g1:news':* | 'g2:news':* …),
  // each a narrow range of the index.
  const further = await found(
    `
    SELECT unnest(chosen.message_ids) AS id FROM (
      SELECT b.message_ids FROM search_blocks b JOIN mine ON mine.group_id = b.user_id
      WHERE b.words @@ (SELECT string_agg('(' || ${groupWordsQuery('g', '$10')} || ')', ' | ') FROM unnest($9::uuid[]) g)::tsquery
        AND ${inWindow('b')}
      ORDER BY b.last_id DESC LIMIT $7
    ) chosen`,
    groups.map((group) => group.groupId),
  );
  const seen = new Set(rows.map((row) => row._id));
  const all = [...rows, ...further.filter((row) => !seen.has(row._id))];
  all.sort(newerFirst);
  return all.slice(0, limit).map(toMessageWithPeer);
}

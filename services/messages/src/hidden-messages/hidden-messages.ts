import type { Database, Queryable } from '@chat/database';
import {
  clearedUpTo,
  hiddenBy,
  inGroupWindow,
  MAX_BIGINT,
  MESSAGE_COLUMNS,
  toMessage,
  windowParams,
  type ChatMessage,
  type MessageRow,
} from '../conversations/messages.js';
import { membershipOf, type Membership } from '../groups/groups.js';

/** Message `m` is one of the pair's, whichever of the two sent it (SQL, the users as `$1` and `$2`). */
const ofThePair = (m: string) =>
  `LEAST(${m}.sender_id, ${m}.receiver_id) = LEAST($1::uuid, $2::uuid) AND GREATEST(${m}.sender_id, ${m}.receiver_id) = GREATEST($1::uuid, $2::uuid)`;

/**
 * Locks `userId`'s conversation row with `peerId` (a send to either of them waits, so none is left
 * unshown) and answers its latest message id, or null without a conversation.
 */
async function lockConversation(tx: Queryable, userId: string, peerId: string): Promise<string | null> {
  const [row] = await tx.query<{ latest: string }>(
    'SELECT last_message_id::text AS latest FROM conversations WHERE user_id = $1 AND peer_id = $2 FOR UPDATE',
    [userId, peerId],
  );
  return row?.latest ?? null;
}

/**
 * Makes `userId`'s inbox entry for `peerId` show the newest message still there for them (none once
 * all are gone), and answers it.
 */
async function showNewestLeft(tx: Queryable, userId: string, peerId: string, latest: string): Promise<ChatMessage | null> {
  const [newest] = await tx.query<MessageRow>(
    `SELECT ${MESSAGE_COLUMNS} FROM messages
     WHERE ${ofThePair('messages')} AND id <= $3::bigint AND id > ${clearedUpTo('$1', '$2')} AND NOT ${hiddenBy('$1', 'messages.id')}
     ORDER BY id DESC LIMIT 1`,
    [userId, peerId, latest],
  );
  await tx.query(
    `UPDATE conversations SET preview_message_id = CASE WHEN $3::bigint = last_message_id THEN NULL ELSE COALESCE($3::bigint, 0) END
     WHERE user_id = $1 AND peer_id = $2`,
    [userId, peerId, newest?._id ?? null],
  );
  return newest ? toMessage(newest) : null;
}

export type HideOutcome = { status: 'hidden'; lastMessage: ChatMessage | null } | { status: 'not-found' };

/**
 * Deletes messages of `userId`'s conversation with `peerId` (a person, or a group they are or were
 * in) for `userId` alone ("Delete for me"): gone from their history, search, export and stars, still
 * there for the others. Any one of them not of this conversation: nothing is deleted. Again is no change.
 */
export async function hideMessages(
  db: Database,
  { userId, peerId, messageIds }: { userId: string; peerId: string; messageIds: readonly string[] },
): Promise<HideOutcome> {
  const ids = [...new Set(messageIds)];
  const membership = await membershipOf(db, peerId, userId);
  if (membership) return hideInGroup(db, { userId, groupId: peerId, ids, membership });
  return db.transaction(async (tx) => {
    const latest = await lockConversation(tx, userId, peerId);
    const [found] = await tx.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM messages WHERE id = ANY($3::bigint[]) AND ${ofThePair('messages')}`,
      [userId, peerId, ids],
    );
    if (latest === null || found?.count !== ids.length) return { status: 'not-found' };
    await hide(tx, userId, ids);
    return { status: 'hidden', lastMessage: await showNewestLeft(tx, userId, peerId, latest) };
  });
}

/** "Delete for me" in a group: messages of the group the member sees (or saw); the row then shows the newest left. */
async function hideInGroup(
  db: Database,
  { userId, groupId, ids, membership }: { userId: string; groupId: string; ids: readonly string[]; membership: Membership },
): Promise<HideOutcome> {
  const seen = inGroupWindow(1);
  const window = windowParams(groupId, membership);
  return db.transaction(async (tx) => {
    const [found] = await tx.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM messages WHERE id = ANY($4::bigint[]) AND ${seen}`,
      [...window, ids],
    );
    if (found?.count !== ids.length) return { status: 'not-found' };
    await hide(tx, userId, ids);
    const [newest] = await tx.query<MessageRow>(
      `SELECT ${MESSAGE_COLUMNS} FROM messages WHERE ${seen} AND NOT ${hiddenBy('$4', 'messages.id')} ORDER BY id DESC LIMIT 1`,
      [...window, userId],
    );
    return { status: 'hidden', lastMessage: newest ? toMessage(newest) : null };
  });
}

/** Hides the messages from `userId` alone, and their stars on them. */
async function hide(tx: Queryable, userId: string, ids: readonly string[]): Promise<void> {
  await tx.query('INSERT INTO hidden_messages (user_id, message_id) SELECT $1, unnest($2::bigint[]) ON CONFLICT DO NOTHING', [userId, ids]);
  await tx.query('DELETE FROM stars WHERE user_id = $1 AND message_id = ANY($2::bigint[])', [userId, ids]);
}

export type ClearOutcome = { status: 'cleared'; upTo: string } | { status: 'no-conversation' };

/**
 * Clears `userId`'s conversation with `peerId` for `userId` alone: every message in it so far goes
 * from their history, search and export, with their stars on them; the entry stays in the inbox,
 * empty, and what comes next shows as ever. The other person keeps every message.
 */
export async function clearConversation(db: Database, { userId, peerId }: { userId: string; peerId: string }): Promise<ClearOutcome> {
  return db.transaction(async (tx) => {
    const latest = await lockConversation(tx, userId, peerId);
    if (latest === null) return { status: 'no-conversation' };
    await tx.query(
      'UPDATE conversations SET cleared_up_to = last_message_id, preview_message_id = 0, marked_unread = false WHERE user_id = $1 AND peer_id = $2',
      [userId, peerId],
    );
    // What "Delete for me" kept of this conversation is covered by the clear now.
    await tx.query(
      `DELETE FROM hidden_messages h USING messages m
       WHERE h.user_id = $1 AND m.id = h.message_id AND h.message_id <= $3::bigint AND ${ofThePair('m')}`,
      [userId, peerId, latest],
    );
    await tx.query(
      `DELETE FROM stars s USING messages m
       WHERE s.user_id = $1 AND m.id = s.message_id AND s.message_id <= $3::bigint AND ${ofThePair('m')}`,
      [userId, peerId, latest],
    );
    return { status: 'cleared', upTo: latest };
  });
}

/** `userId`'s stars and "Delete for me" marks on the group's messages up to `upTo`, gone with the messages they mark. */
async function forgetMarksInGroup(tx: Queryable, { userId, groupId, upTo }: { userId: string; groupId: string; upTo: string }) {
  for (const table of ['hidden_messages', 'stars']) {
    await tx.query(
      `DELETE FROM ${table} t USING messages m
       WHERE t.user_id = $1 AND m.id = t.message_id AND m.group_id = $2 AND t.message_id <= $3::bigint`,
      [userId, groupId, upTo],
    );
  }
}

/**
 * "Clear chat" in a group `userId` is or was in: every message of it they see so far goes for them
 * alone (what they see of the group starts past it), with their stars on them. The group stays in
 * their list; the members keep every message, and their read cursor stays where it was: nobody is
 * told they read what they cleared.
 */
export async function clearGroup(db: Database, { userId, groupId }: { userId: string; groupId: string }): Promise<ClearOutcome> {
  return db.transaction(async (tx) => {
    const [cleared] = await tx.query<{ upTo: string }>(
      `UPDATE group_members m SET cleared_up_to = GREATEST(m.cleared_up_to, COALESCE(m.left_after, g.last_message_id)), marked_unread = false
       FROM groups g WHERE g.id = m.group_id AND m.group_id = $1 AND m.user_id = $2
       RETURNING m.cleared_up_to::text AS "upTo"`,
      [groupId, userId],
    );
    if (!cleared) return { status: 'no-conversation' };
    // What "Delete for me" kept of the group is covered by the clear now.
    await forgetMarksInGroup(tx, { userId, groupId, upTo: cleared.upTo });
    return { status: 'cleared', upTo: cleared.upTo };
  });
}

/**
 * "Delete group", by someone who left a group or was removed from it: it goes from everything of
 * theirs (their list, its reads, search, export: 404, as for a group they were never in), with their
 * stars and "Delete for me" marks on its messages and their marks of it. Their row stays, flagged
 * `chat_deleted`: the members still see who wrote what they wrote. 'member' while they are in it.
 */
export async function deleteGroupChat(
  db: Database,
  { userId, groupId }: { userId: string; groupId: string },
): Promise<'deleted' | 'member' | 'not-found'> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ member: boolean }>(
      'SELECT left_after IS NULL AS member FROM group_members WHERE group_id = $1 AND user_id = $2 AND NOT chat_deleted FOR UPDATE',
      [groupId, userId],
    );
    if (!row) return 'not-found';
    if (row.member) return 'member';
    await tx.query(
      `UPDATE group_members SET chat_deleted = true, pinned_at = NULL, archived_up_to = NULL, marked_unread = false
       WHERE group_id = $1 AND user_id = $2`,
      [groupId, userId],
    );
    await forgetMarksInGroup(tx, { userId, groupId, upTo: MAX_BIGINT });
    return 'deleted';
  });
}

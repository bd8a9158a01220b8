import { MAX_PINNED_MESSAGES } from '@chat/contracts';
import type { Database, Queryable } from '@chat/database';
import {
  clearedUpTo,
  hiddenBy,
  inGroupWindow,
  MESSAGE_COLUMNS,
  partOf,
  toMessage,
  windowParams,
  type ChatMessage,
  type GroupWindow,
  type MessageRow,
} from './messages.js';

export type PinOutcome =
  { status: 'changed'; changed: ChatMessage[] } | { status: 'not-found' } | { status: 'deleted' } | { status: 'admins-only' };

/**
 * SQL: the pinned `messages` rows of one chat, each form matching one of the partial indexes of
 * pinned rows: of two people (parameters `a` and `b`, either order), or of a group (`group`).
 */
const pinnedOfPair = (a: string, b: string) => `pinned_to_chat_at IS NOT NULL AND group_id IS NULL
  AND LEAST(sender_id, receiver_id) = LEAST(${a}::uuid, ${b}::uuid) AND GREATEST(sender_id, receiver_id) = GREATEST(${a}::uuid, ${b}::uuid)`;
const pinnedOfGroup = (group: string) => `pinned_to_chat_at IS NOT NULL AND group_id IS NOT NULL AND group_id = ${group}::uuid`;

/**
 * Pins a message to its chat's top for everyone in it, or unpins it: a message of `userId`'s
 * conversation, or of a group they are in now (where only admins edit its info, an admin). A pin past
 * MAX_PINNED_MESSAGES unpins the chat's oldest. Answers every message that changed, the asked one first.
 * Pins of one chat take turns (a lock on the chat for the transaction), so none ends with more.
 */
export async function setPinned(
  db: Database,
  { messageId, userId, pinned }: { messageId: string; userId: string; pinned: boolean },
): Promise<PinOutcome> {
  return db.transaction(async (tx) => {
    const [target] = await tx.query<{ deleted: boolean; groupId: string | null; low: string; high: string; adminsOnly: boolean }>(
      `SELECT deleted_at IS NOT NULL AS deleted, group_id::text AS "groupId",
         LEAST(sender_id, receiver_id)::text AS low, GREATEST(sender_id, receiver_id)::text AS high,
         COALESCE((SELECT g.only_admins_edit AND m.role <> 'admin' FROM groups g
           JOIN group_members m ON m.group_id = g.id AND m.user_id = $2 WHERE g.id = messages.group_id), false) AS "adminsOnly"
       FROM messages WHERE id = $1 AND ${partOf('$2')} AND system IS NULL AND call IS NULL`,
      [messageId, userId],
    );
    if (!target) return { status: 'not-found' };
    if (target.deleted) return { status: 'deleted' };
    if (target.adminsOnly) return { status: 'admins-only' };
    const [chat, ofChat] = target.groupId ? [[target.groupId], pinnedOfGroup('$1')] : [[target.low, target.high], pinnedOfPair('$1', '$2')];
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`pinned-messages:${chat.join(':')}`]);
    const [asked] = await tx.query<MessageRow>(
      `UPDATE messages SET pinned_to_chat_at = ${pinned ? 'COALESCE(pinned_to_chat_at, now())' : 'NULL'} WHERE id = $1 RETURNING ${MESSAGE_COLUMNS}`,
      [messageId],
    );
    const unpinned = pinned ? await unpinBeyondLimit(tx, ofChat, chat) : [];
    return { status: 'changed', changed: [asked!, ...unpinned].map(toMessage) };
  });
}

/** The chat's pins past MAX_PINNED_MESSAGES, the oldest pinned, unpinned. */
async function unpinBeyondLimit(tx: Queryable, ofChat: string, chat: string[]): Promise<MessageRow[]> {
  const param = `$${chat.length + 1}`;
  return tx.query<MessageRow>(
    `UPDATE messages SET pinned_to_chat_at = NULL WHERE id IN (
       SELECT id FROM messages WHERE ${ofChat} ORDER BY pinned_to_chat_at DESC, id DESC OFFSET ${param}
     ) RETURNING ${MESSAGE_COLUMNS}`,
    [...chat, MAX_PINNED_MESSAGES],
  );
}

/**
 * What is pinned in `userId`'s conversation with `peerId`, or in a group (`groupWindow`: which of
 * its messages they see), the latest pinned first, but what they cleared or deleted for themselves.
 */
export async function listPinned(
  db: Queryable,
  { userId, peerId, groupWindow }: { userId: string; peerId: string; groupWindow: GroupWindow | null },
): Promise<ChatMessage[]> {
  const [among, params] = groupWindow
    ? [`${pinnedOfGroup('$3')} AND ${inGroupWindow(3)}`, windowParams(peerId, groupWindow)]
    : [`${pinnedOfPair('$2', '$3')} AND id > ${clearedUpTo('$2', '$3')}`, [peerId]];
  const rows = await db.query<MessageRow>(
    `SELECT ${MESSAGE_COLUMNS} FROM messages
     WHERE ${among} AND NOT ${hiddenBy('$2', 'messages.id')}
     ORDER BY pinned_to_chat_at DESC, id DESC LIMIT $1`,
    [MAX_PINNED_MESSAGES, userId, ...params],
  );
  return rows.map(toMessage);
}

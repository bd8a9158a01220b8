import type { Queryable } from '@chat/database';

/** A message as every answer and every realtime event shows it. */
export interface ChatMessage {
  _id: string;
  senderId: string;
  receiverId: string;
  text: string | null;
  image: string | null;
  createdAt: string;
  deliveredAt: string | null;
  readAt: string | null;
  editedAt: string | null;
  deletedAt: string | null;
}

export interface MessageRow extends Omit<ChatMessage, 'createdAt' | 'deliveredAt' | 'readAt' | 'editedAt' | 'deletedAt'> {
  createdAt: Date;
  deliveredAt: Date | null;
  readAt: Date | null;
  editedAt: Date | null;
  deletedAt: Date | null;
}

/** A message's columns, named as ChatMessage; unqualified, for queries where only `messages` has them. */
export const MESSAGE_COLUMNS = `id::text AS "_id", sender_id::text AS "senderId", receiver_id::text AS "receiverId",
  text, image, created_at AS "createdAt", delivered_at AS "deliveredAt", read_at AS "readAt",
  edited_at AS "editedAt", deleted_at AS "deletedAt"`;

export const toMessage = (row: MessageRow): ChatMessage => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  deliveredAt: row.deliveredAt?.toISOString() ?? null,
  readAt: row.readAt?.toISOString() ?? null,
  editedAt: row.editedAt?.toISOString() ?? null,
  deletedAt: row.deletedAt?.toISOString() ?? null,
});

/** The columns of a message, read from `table`, in the order and names of COLUMNS. */
const qualified = (table: string) =>
  `${table}.id::text, ${table}.sender_id::text, ${table}.receiver_id::text, ${table}.text, ${table}.image, ${table}.created_at,
   ${table}.delivered_at, ${table}.read_at, ${table}.edited_at, ${table}.deleted_at`;

export interface NewMessage {
  senderId: string;
  receiverId: string;
  text: string | null;
  image: string | null;
  clientMessageId: string | null;
}

/** What became of one send: stored now, stored by an earlier attempt, or addressed to nobody. */
export type InsertResult =
  | { status: 'stored'; message: ChatMessage }
  | { status: 'duplicate'; message: ChatMessage }
  | { status: 'unknown-receiver' };

type ResultRow = MessageRow & { kind: 'inserted' | 'existing' | 'unknown'; ord: string | null; clientMessageId: string | null };

/**
 * Inserts messages in one round trip and one commit, in the order given, and answers each one's
 * result from the same statement: the earlier message when its sender already used its
 * clientMessageId, or that its receiver is not a known user.
 */
export async function insertMessages(db: Queryable, messages: readonly NewMessage[]): Promise<InsertResult[]> {
  const column = <K extends keyof NewMessage>(key: K) => messages.map((message) => message[key]);
  const rows = await db.query<ResultRow>(
    `WITH input AS (
       SELECT t.*, EXISTS (SELECT 1 FROM contacts WHERE user_id = t.receiver_id) AS receiver_known
       FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::uuid[]) WITH ORDINALITY
         AS t(sender_id, receiver_id, text, image, client_message_id, ord)
     ), inserted AS (
       INSERT INTO messages (sender_id, receiver_id, text, image, client_message_id)
       SELECT sender_id, receiver_id, text, image, client_message_id FROM input WHERE receiver_known
       ORDER BY ord
       ON CONFLICT (sender_id, client_message_id) WHERE client_message_id IS NOT NULL DO NOTHING
       RETURNING id, sender_id, receiver_id, text, image, client_message_id, created_at, delivered_at, read_at, edited_at, deleted_at
     ), conversation_ends AS (
       -- Both users' conversation rows move to the new message (reading is reported on its own:
       -- it stamps the messages it reads). Rows are locked in key order, so concurrent batches
       -- cannot deadlock on them.
       INSERT INTO conversations (user_id, peer_id, last_message_id)
       SELECT user_id, peer_id, max(id) FROM (
         SELECT sender_id AS user_id, receiver_id AS peer_id, id FROM inserted
         UNION ALL
         SELECT receiver_id, sender_id, id FROM inserted
       ) ends
       GROUP BY user_id, peer_id
       ORDER BY user_id, peer_id
       ON CONFLICT (user_id, peer_id) DO UPDATE SET
         last_message_id = GREATEST(conversations.last_message_id, EXCLUDED.last_message_id)
     )
     SELECT 'inserted' AS kind, NULL::text AS ord, ${MESSAGE_COLUMNS}, client_message_id::text AS "clientMessageId" FROM inserted
     UNION ALL
     SELECT 'existing', input.ord::text, ${qualified('messages')}, messages.client_message_id::text
       FROM input JOIN messages
         ON messages.sender_id = input.sender_id AND messages.client_message_id = input.client_message_id
       WHERE input.receiver_known
     UNION ALL
     SELECT 'unknown', input.ord::text, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL FROM input WHERE NOT input.receiver_known`,
    [column('senderId'), column('receiverId'), column('text'), column('image'), column('clientMessageId')],
  );
  const unknown = new Set<number>();
  const existing = new Map<number, ChatMessage>();
  const inserted: (ChatMessage & { clientMessageId: string | null })[] = [];
  for (const { kind, ord, clientMessageId, ...row } of rows) {
    if (kind === 'unknown') unknown.add(Number(ord));
    else if (kind === 'existing') existing.set(Number(ord), toMessage(row));
    else inserted.push({ ...toMessage(row), clientMessageId });
  }
  // The statement's snapshot predates its own inserts, so `existing` holds the earlier attempts'
  // rows; inserted rows are numbered in input order, and the ones skipped are simply absent.
  inserted.sort((a, b) => Number(a._id) - Number(b._id));
  let next = 0;
  const storedNow = new Map<string, ChatMessage>();
  const results = messages.map((message, index): InsertResult | 'raced' => {
    const ord = index + 1;
    if (unknown.has(ord)) return { status: 'unknown-receiver' };
    const earlier = existing.get(ord);
    if (earlier) return { status: 'duplicate', message: earlier };
    const row = inserted[next];
    const key = `${message.senderId}:${message.clientMessageId}`;
    if (
      row !== undefined &&
      row.senderId === message.senderId &&
      row.receiverId === message.receiverId &&
      row.text === message.text &&
      row.image === message.image &&
      row.clientMessageId === message.clientMessageId
    ) {
      next += 1;
      const { clientMessageId: _clientMessageId, ...stored } = row;
      if (message.clientMessageId) storedNow.set(key, stored);
      return { status: 'stored', message: stored };
    }
    // Skipped by ON CONFLICT: a repeat within this batch, or an attempt that committed while this
    // statement ran, whose row its snapshot could not see.
    const sibling = storedNow.get(key);
    return sibling ? { status: 'duplicate', message: sibling } : 'raced';
  });
  return Promise.all(
    results.map(async (result, index): Promise<InsertResult> => {
      if (result !== 'raced') return result;
      const { senderId, clientMessageId } = messages[index]!;
      const earlier = await findByClientMessageId(db, senderId, clientMessageId!);
      if (!earlier) throw new Error('a send was skipped as a repeat, yet no message has its clientMessageId');
      return { status: 'duplicate', message: earlier };
    }),
  );
}

export async function findByClientMessageId(
  db: Queryable,
  senderId: string,
  clientMessageId: string,
): Promise<ChatMessage | null> {
  const rows = await db.query<MessageRow>(
    `SELECT ${MESSAGE_COLUMNS} FROM messages WHERE sender_id = $1 AND client_message_id = $2`,
    [senderId, clientMessageId],
  );
  return rows[0] ? toMessage(rows[0]) : null;
}

/** Above every message id. */
export const MAX_BIGINT = '9223372036854775807';

export interface Page {
  /** Only messages older than this id; the newest ones when absent. */
  before?: string;
  limit: number;
}

/** One page of the conversation between two users, oldest first. */
export async function listConversation(db: Queryable, userA: string, userB: string, page: Page): Promise<ChatMessage[]> {
  const [low, high] = [userA, userB].sort();
  const rows = await db.query<MessageRow>(
    `SELECT * FROM (
       SELECT ${MESSAGE_COLUMNS} FROM messages
       WHERE LEAST(sender_id, receiver_id) = $1 AND GREATEST(sender_id, receiver_id) = $2
         AND id < $3::bigint
       ORDER BY id DESC LIMIT $4
     ) page ORDER BY "_id"::bigint ASC`,
    // Always a bound, so it is a condition of the index scan in every plan (a NULL-or-bound is
    // only a filter in a generic plan, which then reads the conversation from its newest message).
    [low, high, page.before ?? MAX_BIGINT, page.limit],
  );
  return rows.map(toMessage);
}

/** A message `userId` sent or received, with how many minutes ago it was sent (by the database's clock). */
async function findOwnOrReceived(db: Queryable, messageId: string, userId: string) {
  const [found] = await db.query<MessageRow & { minutesOld: number }>(
    `SELECT ${MESSAGE_COLUMNS}, extract(epoch FROM now() - created_at)::float8 / 60 AS "minutesOld"
     FROM messages WHERE id = $1 AND $2::uuid IN (sender_id, receiver_id)`,
    [messageId, userId],
  );
  return found;
}

export type EditOutcome =
  | { status: 'edited' | 'unchanged'; message: ChatMessage }
  | { status: 'not-found' }
  | { status: 'not-author' }
  | { status: 'no-text' }
  | { status: 'deleted' }
  | { status: 'too-late' };

/**
 * Replaces the text of a message `userId` wrote within the last `windowMinutes`. A message the user
 * is not part of is not found; one they received is not theirs to change; an image without text has
 * no text to change.
 */
export async function editMessage(
  db: Queryable,
  { messageId, userId, text, windowMinutes }: { messageId: string; userId: string; text: string; windowMinutes: number },
): Promise<EditOutcome> {
  const found = await findOwnOrReceived(db, messageId, userId);
  if (!found) return { status: 'not-found' };
  const { minutesOld, ...row } = found;
  if (row.senderId !== userId) return { status: 'not-author' };
  if (row.deletedAt) return { status: 'deleted' };
  if (row.text === null) return { status: 'no-text' };
  if (minutesOld > windowMinutes) return { status: 'too-late' };
  if (row.text === text) return { status: 'unchanged', message: toMessage(row) };
  const [edited] = await db.query<MessageRow>(
    `UPDATE messages SET text = $2, edited_at = now() WHERE id = $1 RETURNING ${MESSAGE_COLUMNS}`,
    [messageId, text],
  );
  return { status: 'edited', message: toMessage(edited!) };
}

export type DeleteOutcome =
  | { status: 'deleted' | 'unchanged'; message: ChatMessage; image: string | null }
  | { status: 'not-found' }
  | { status: 'not-author' };

/**
 * Deletes for everyone a message `userId` wrote: it keeps its place in the conversation, without
 * text or image. Answers the image it had, for its file to go too.
 */
export async function deleteMessage(db: Queryable, { messageId, userId }: { messageId: string; userId: string }): Promise<DeleteOutcome> {
  const found = await findOwnOrReceived(db, messageId, userId);
  if (!found) return { status: 'not-found' };
  const { minutesOld: _minutesOld, ...row } = found;
  if (row.senderId !== userId) return { status: 'not-author' };
  if (row.deletedAt) return { status: 'unchanged', message: toMessage(row), image: null };
  const [deleted] = await db.query<MessageRow>(
    `UPDATE messages SET text = NULL, image = NULL, deleted_at = now() WHERE id = $1 RETURNING ${MESSAGE_COLUMNS}`,
    [messageId],
  );
  return { status: 'deleted', message: toMessage(deleted!), image: row.image };
}

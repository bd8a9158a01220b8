import type { Queryable } from '@chat/common';

/** A message as every answer and every realtime event shows it. */
export interface ChatMessage {
  _id: string;
  senderId: string;
  receiverId: string;
  text: string | null;
  image: string | null;
  createdAt: string;
}

interface MessageRow extends Omit<ChatMessage, 'createdAt'> {
  createdAt: Date;
}

const COLUMNS = `id::text AS "_id", sender_id::text AS "senderId", receiver_id::text AS "receiverId",
  text, image, created_at AS "createdAt"`;

const toMessage = (row: MessageRow): ChatMessage => ({ ...row, createdAt: row.createdAt.toISOString() });

export interface NewMessage {
  senderId: string;
  receiverId: string;
  text: string | null;
  image: string | null;
  clientMessageId: string | null;
}

/**
 * Inserts a message in one round trip; null when the receiver is not a known user or the sender
 * already sent one with this clientMessageId (the caller tells the two apart on that rare path).
 */
export async function insertMessage(db: Queryable, message: NewMessage): Promise<ChatMessage | null> {
  const rows = await db.query<MessageRow>(
    `INSERT INTO messages (sender_id, receiver_id, text, image, client_message_id)
     SELECT $1, $2, $3, $4, $5 WHERE EXISTS (SELECT 1 FROM contacts WHERE user_id = $2)
     ON CONFLICT (sender_id, client_message_id) WHERE client_message_id IS NOT NULL DO NOTHING
     RETURNING ${COLUMNS}`,
    [message.senderId, message.receiverId, message.text, message.image, message.clientMessageId],
  );
  return rows[0] ? toMessage(rows[0]) : null;
}

export async function findByClientMessageId(
  db: Queryable,
  senderId: string,
  clientMessageId: string,
): Promise<ChatMessage | null> {
  const rows = await db.query<MessageRow>(
    `SELECT ${COLUMNS} FROM messages WHERE sender_id = $1 AND client_message_id = $2`,
    [senderId, clientMessageId],
  );
  return rows[0] ? toMessage(rows[0]) : null;
}

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
       SELECT ${COLUMNS} FROM messages
       WHERE LEAST(sender_id, receiver_id) = $1 AND GREATEST(sender_id, receiver_id) = $2
         AND ($3::bigint IS NULL OR id < $3::bigint)
       ORDER BY id DESC LIMIT $4
     ) page ORDER BY "_id"::bigint ASC`,
    [low, high, page.before ?? null, page.limit],
  );
  return rows.map(toMessage);
}

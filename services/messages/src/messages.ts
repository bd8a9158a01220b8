import type { Queryable } from '@chat/database';

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
 * Inserts messages in one round trip and one commit, in the order given. A message comes back as
 * null when its receiver is not a known user or its sender already sent one with its
 * clientMessageId (the caller tells the two apart on that rare path).
 */
export async function insertMessages(db: Queryable, messages: readonly NewMessage[]): Promise<(ChatMessage | null)[]> {
  const column = <K extends keyof NewMessage>(key: K) => messages.map((message) => message[key]);
  const rows = await db.query<MessageRow & { clientMessageId: string | null }>(
    `WITH input AS (
       SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::uuid[]) WITH ORDINALITY
         AS t(sender_id, receiver_id, text, image, client_message_id, ord)
     ), inserted AS (
       INSERT INTO messages (sender_id, receiver_id, text, image, client_message_id)
       SELECT sender_id, receiver_id, text, image, client_message_id FROM input
       WHERE EXISTS (SELECT 1 FROM contacts WHERE user_id = input.receiver_id)
       ORDER BY ord
       ON CONFLICT (sender_id, client_message_id) WHERE client_message_id IS NOT NULL DO NOTHING
       RETURNING id, sender_id, receiver_id, text, image, client_message_id, created_at
     )
     SELECT ${COLUMNS}, client_message_id::text AS "clientMessageId" FROM inserted ORDER BY id`,
    [column('senderId'), column('receiverId'), column('text'), column('image'), column('clientMessageId')],
  );
  // Rows are inserted, and so numbered, in input order; the ones skipped are simply absent.
  let next = 0;
  return messages.map((message) => {
    const row = rows[next];
    const matches =
      row !== undefined &&
      row.senderId === message.senderId &&
      row.receiverId === message.receiverId &&
      row.text === message.text &&
      row.image === message.image &&
      row.clientMessageId === message.clientMessageId;
    if (!matches) return null;
    next += 1;
    const { clientMessageId: _clientMessageId, ...stored } = row;
    return toMessage(stored);
  });
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

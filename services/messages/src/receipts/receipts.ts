import type { Bus } from '@chat/bus';
import { subjects, type MessageReceipt, type ReceiptsReported, type UserEvent } from '@chat/contracts';
import { BATCHED_WRITES_IN_FLIGHT, type Database, type Queryable } from '@chat/database';
import { batchPerTurn } from '@chat/kernel';
import type { FastifyBaseLogger } from 'fastify';
import { BLOCK_BETWEEN } from '../blocks/blocks.js';
import type { ChatMessage } from '../conversations/messages.js';
import { groupEvents } from '../groups/group-events.js';
import { createGroupReceipts } from '../groups/group-receipts.js';

/** The unordered pair of users `a` and `b`, as the messages' conversation index has it. */
const SAME_CONVERSATION = (a: string, b: string) =>
  `LEAST(messages.sender_id, messages.receiver_id) = LEAST(${a}, ${b})
   AND GREATEST(messages.sender_id, messages.receiver_id) = GREATEST(${a}, ${b})`;

/**
 * The most messages one receipt statement stamps for a reader and sender: a backlog past it (a
 * reader back to 100,000 unread) is stamped a slice a statement, each slice's receipt told as it
 * lands, so no statement holds the database for long and other people's sends go between.
 */
export const MAX_STAMPS_PER_STATEMENT = 1_000;

/** The id of the `$limit`-th message from `sender` to `reader` after `after`: where a bounded slice ends (null if fewer). */
const SLICE_END = (reader: string, sender: string, after: string, limit: string) =>
  `(SELECT messages.id FROM messages
     WHERE ${SAME_CONVERSATION(reader, sender)} AND messages.sender_id = ${sender} AND messages.id > ${after}
     ORDER BY messages.id OFFSET ${limit} - 1 LIMIT 1)`;

/**
 * Moves each reader's delivered cursor up to its receipt's message (never back, never past the
 * conversation's latest message, at most `slice` of the sender's messages on) and stamps the
 * messages it passes; answers the receipts that moved it, with the message they stopped at (none
 * between a blocked pair: the sender learns nothing), and whether more is left past the slice.
 * Rows are locked in key order, so batches cannot deadlock.
 */
export async function recordDelivered(
  db: Queryable,
  receipts: readonly MessageReceipt[],
  slice = MAX_STAMPS_PER_STATEMENT,
): Promise<(MessageReceipt & { more: boolean })[]> {
  if (receipts.length === 0) return [];
  const rows = await db.query<Omit<MessageReceipt, 'at'> & { at: Date; more: boolean }>(
    `WITH acks AS (
       SELECT reader, sender, max(up_to) AS up_to, max(at) AS at
       FROM unnest($1::uuid[], $2::uuid[], $3::bigint[], $4::timestamptz[]) AS a(reader, sender, up_to, at)
       GROUP BY reader, sender
     ), wanted AS (
       SELECT c.user_id, c.peer_id, c.delivered_up_to AS from_id, LEAST(a.up_to, c.last_message_id) AS up_to, a.at
       FROM acks a JOIN conversations c ON c.user_id = a.reader AND c.peer_id = a.sender
       WHERE c.delivered_up_to < LEAST(a.up_to, c.last_message_id) AND NOT ${BLOCK_BETWEEN('c.user_id', 'c.peer_id')}
       ORDER BY c.user_id, c.peer_id
       FOR UPDATE OF c
     ), moved AS (
       SELECT user_id, peer_id, from_id, LEAST(up_to, ${SLICE_END('wanted.user_id', 'wanted.peer_id', 'wanted.from_id', '$5::int')}) AS to_id, up_to, at FROM wanted
     ), cursors AS (
       UPDATE conversations c SET delivered_up_to = moved.to_id
       FROM moved WHERE c.user_id = moved.user_id AND c.peer_id = moved.peer_id
     ), stamped AS (
       UPDATE messages SET delivered_at = moved.at
       FROM moved
       WHERE ${SAME_CONVERSATION('moved.user_id', 'moved.peer_id')}
         AND messages.sender_id = moved.peer_id AND messages.id > moved.from_id AND messages.id <= moved.to_id
         AND messages.delivered_at IS NULL
     )
     SELECT user_id::text AS "userId", peer_id::text AS "senderId", to_id::text AS "upTo", at, to_id < up_to AS more FROM moved`,
    [
      receipts.map((receipt) => receipt.userId),
      receipts.map((receipt) => receipt.senderId),
      receipts.map((receipt) => receipt.upTo),
      receipts.map((receipt) => receipt.at),
      slice,
    ],
  );
  return rows.map((row) => ({ ...row, at: row.at.toISOString() }));
}

export interface ReadRequest {
  reader: string;
  senderId: string;
  upTo: string;
}

export type ReadOutcome =
  | { status: 'unknown-sender' }
  /** `upTo` is no message of this conversation: nothing is read, no one is told. */
  | { status: 'not-a-message' }
  /** Nothing moved: read already, or nothing to read. */
  | { status: 'unchanged' }
  | {
      status: 'read';
      receipt: MessageReceipt;
      /** The reader's delivered cursor was behind what they read: the sender's single ticks turn double. */
      deliveredToo: boolean;
      /** Both the reader and the sender have read receipts on: the sender may know. */
      reported: boolean;
      /** The read stopped at a slice's end (MAX_STAMPS_PER_STATEMENT) short of `upTo`: the rest is another statement's. */
      more: boolean;
    };

/**
 * Moves each reader's read cursor in the conversation with its sender up to `upTo` (never back,
 * never past its latest message, at most `slice` of the sender's messages on), and stamps the
 * messages it passes as delivered and, when the reader sends read receipts, as read (a block
 * between the two stamps nothing: the reader's badge clears, the sender learns nothing); all in
 * one statement. One outcome per request, in order.
 */
export async function recordReads(
  db: Queryable,
  requests: readonly ReadRequest[],
  at: string,
  slice = MAX_STAMPS_PER_STATEMENT,
): Promise<ReadOutcome[]> {
  const rows = await db.query<{
    ord: number;
    isMessage: boolean;
    known: boolean;
    upTo: string | null;
    deliveredToo: boolean | null;
    readerReports: boolean | null;
    senderSees: boolean | null;
    more: boolean | null;
  }>(
    `WITH asked AS (
       SELECT t.reader, t.sender, t.up_to, t.ord,
         EXISTS (SELECT 1 FROM messages WHERE messages.id = t.up_to AND ${SAME_CONVERSATION('t.reader', 't.sender')}) AS is_message
       FROM unnest($1::uuid[], $2::uuid[], $3::bigint[]) WITH ORDINALITY AS t(reader, sender, up_to, ord)
     ), wanted AS (
       -- Only what the reader was shown: a read up to a message of another conversation, or of none, reads nothing.
       SELECT reader, sender, max(up_to) AS up_to FROM asked WHERE is_message GROUP BY reader, sender
     ), locked AS (
       SELECT c.user_id, c.peer_id, c.read_up_to AS from_id, LEAST(w.up_to, c.last_message_id) AS up_to, c.delivered_up_to,
         reader.send_read_receipts AS reader_reports, sender.send_read_receipts AS sender_sees,
         ${BLOCK_BETWEEN('c.user_id', 'c.peer_id')} AS blocked
       FROM wanted w
       JOIN conversations c ON c.user_id = w.reader AND c.peer_id = w.sender
       JOIN contacts reader ON reader.user_id = c.user_id
       JOIN contacts sender ON sender.user_id = c.peer_id
       WHERE c.read_up_to < LEAST(w.up_to, c.last_message_id)
       ORDER BY c.user_id, c.peer_id
       FOR UPDATE OF c
     ), sliced AS (
       SELECT locked.*, LEAST(up_to, ${SLICE_END('locked.user_id', 'locked.peer_id', 'locked.from_id', '$5::int')}) AS to_id FROM locked
     ), moved AS (
       SELECT sliced.*, delivered_up_to < to_id AS delivered_too, to_id < up_to AS more FROM sliced
     ), cursors AS (
       UPDATE conversations c SET read_up_to = moved.to_id, delivered_up_to = GREATEST(c.delivered_up_to, moved.to_id)
       FROM moved WHERE c.user_id = moved.user_id AND c.peer_id = moved.peer_id
     ), stamped AS (
       UPDATE messages SET delivered_at = COALESCE(messages.delivered_at, $4::timestamptz),
         read_at = CASE WHEN moved.reader_reports THEN $4::timestamptz END
       FROM moved
       WHERE ${SAME_CONVERSATION('moved.user_id', 'moved.peer_id')} AND NOT moved.blocked
         AND messages.sender_id = moved.peer_id AND messages.id > moved.from_id AND messages.id <= moved.to_id
     )
     SELECT a.ord::int AS ord, a.is_message AS "isMessage",
       EXISTS (SELECT 1 FROM contacts WHERE user_id = a.sender) AS known,
       moved.to_id::text AS "upTo", moved.delivered_too AND NOT moved.blocked AS "deliveredToo",
       moved.reader_reports AND NOT moved.blocked AS "readerReports", moved.sender_sees AS "senderSees", moved.more
     FROM asked a LEFT JOIN moved ON moved.user_id = a.reader AND moved.peer_id = a.sender`,
    [requests.map((r) => r.reader), requests.map((r) => r.senderId), requests.map((r) => r.upTo), at, slice],
  );
  const byOrder = new Map(rows.map((row) => [row.ord, row]));
  const told = new Set<string>();
  return requests.map(({ reader, senderId }, index): ReadOutcome => {
    const pair = `${reader}:${senderId}`;
    const row = byOrder.get(index + 1);
    if (!row?.known) return { status: 'unknown-sender' };
    if (!row.isMessage) return { status: 'not-a-message' };
    // One pair read twice in a batch (two tabs) moved once: the first request tells of it.
    if (row.upTo === null || told.has(pair)) return { status: 'unchanged' };
    told.add(pair);
    return {
      status: 'read',
      receipt: { userId: reader, senderId, upTo: row.upTo, at },
      deliveredToo: row.deliveredToo === true,
      reported: row.readerReports === true && row.senderSees === true,
      more: row.more === true,
    };
  });
}

/** Whether the user sends read receipts, and so sees others'. */
export async function sendsReadReceipts(db: Queryable, userId: string): Promise<boolean> {
  const [row] = await db.query<{ on: boolean }>('SELECT send_read_receipts AS "on" FROM contacts WHERE user_id = $1', [userId]);
  return row?.on ?? true;
}

/** A viewer without read receipts sees no one's: their own messages show no readAt. */
export const hideReadsFrom =
  (viewer: string) =>
  (message: ChatMessage): ChatMessage =>
    message.senderId === viewer && message.readAt !== null ? { ...message, readAt: null } : message;

/** Messages listed with their people (a search's, the starred list's), as `viewer` may see them. */
export async function resultsAsSeenBy<T extends { message: ChatMessage }>(db: Queryable, viewer: string, results: T[]): Promise<T[]> {
  if (await sendsReadReceipts(db, viewer)) return results;
  const hideReads = hideReadsFrom(viewer);
  return results.map((result) => ({ ...result, message: hideReads(result.message) }));
}

/** A read that stopped at its slice's end, short of what was read: another statement goes on from there. */
const sliceLeft = (outcome: ReadOutcome) => outcome.status === 'read' && outcome.more;

/**
 * Receipts as users see them: recorded, then told to the sockets concerned (best effort, like a new
 * message: a client that missed one finds the stamps in the history).
 */
export function createReceipts(deps: { db: Database; bus: Bus; log: FastifyBaseLogger; stampsPerStatement?: number }) {
  const { db, bus, log, stampsPerStatement = MAX_STAMPS_PER_STATEMENT } = deps;
  const groups = createGroupReceipts({ db, events: groupEvents({ bus, log }), log });
  const tell = (userId: string, event: UserEvent) =>
    bus.publish(subjects.userEvents(userId), JSON.stringify(event)).catch((error: unknown) => {
      log.warn({ err: error, userId }, 'could not publish a receipt');
    });

  /** Messages reached a device of their receiver: their senders see two ticks, a slice at a time. */
  const delivered = async (receipts: readonly MessageReceipt[]): Promise<void> => {
    for (let left = receipts; left.length > 0;) {
      const moved = await recordDelivered(db, left, stampsPerStatement);
      await Promise.all(moved.map(({ more, ...receipt }) => tell(receipt.senderId, { event: 'messagesDelivered', payload: receipt })));
      const unfinished = new Set(moved.filter((slice) => slice.more).map((slice) => `${slice.userId}:${slice.senderId}`));
      left = left.filter((receipt) => unfinished.has(`${receipt.userId}:${receipt.senderId}`));
    }
  };

  /** A read moved: the reader's sockets (but the one that read) and, if both allow it, the sender's. */
  const tellRead = async (outcome: ReadOutcome, originSocketId?: string) => {
    if (outcome.status !== 'read') return;
    const { receipt } = outcome;
    const told = [tell(receipt.userId, { event: 'messagesRead', payload: receipt, originSocketId })];
    if (outcome.reported) told.push(tell(receipt.senderId, { event: 'messagesRead', payload: receipt }));
    else if (outcome.deliveredToo) told.push(tell(receipt.senderId, { event: 'messagesDelivered', payload: receipt }));
    await Promise.all(told);
  };

  const readInBatch = batchPerTurn((requests: ReadRequest[]) => recordReads(db, requests, new Date().toISOString(), stampsPerStatement), {
    inFlight: BATCHED_WRITES_IN_FLIGHT,
    allOrNothing: true,
  });

  return {
    delivered,
    /** Members' cursors in groups, and the receipts every member's moves make. */
    groups,

    /**
     * The reader read up to `upTo`: their other tabs clear the badge; the sender sees it if both
     * allow it. Reads arriving together are recorded by one statement.
     */
    async read(request: ReadRequest): Promise<'unknown-sender' | 'not-a-message' | 'done'> {
      for (;;) {
        const outcome = await readInBatch(request);
        if (outcome.status === 'unknown-sender' || outcome.status === 'not-a-message') return outcome.status;
        await tellRead(outcome);
        if (!sliceLeft(outcome)) return 'done';
      }
    },

    /**
     * What a gateway's sockets acknowledged: groups' deliveries; then reads (they deliver too, so a
     * message read as it arrived costs its sender one event), then deliveries.
     */
    async reported({ delivered: deliveries, read, groupDelivered = [] }: ReceiptsReported): Promise<void> {
      await Promise.all(groupDelivered.map((receipt) => groups.moved({ ...receipt, read: false })));
      for (let left = read; left.length > 0;) {
        const requests = left.map(({ userId, senderId, upTo }) => ({ reader: userId, senderId, upTo }));
        const outcomes = await recordReads(db, requests, new Date().toISOString(), stampsPerStatement);
        await Promise.all(outcomes.map((outcome, i) => tellRead(outcome, left[i]!.originSocketId)));
        left = left.filter((_, i) => sliceLeft(outcomes[i]!));
      }
      if (deliveries.length > 0) await delivered(deliveries);
    },

    /** A page the receiver fetched carries messages not yet delivered: now they are, up to the newest. */
    async fetched(reader: string, messages: readonly ChatMessage[]): Promise<void> {
      const newest = new Map<string, ChatMessage>();
      for (const message of messages) {
        if (message.receiverId !== reader || message.deliveredAt !== null) continue;
        const seen = newest.get(message.senderId);
        if (!seen || BigInt(seen._id) < BigInt(message._id)) newest.set(message.senderId, message);
      }
      if (newest.size === 0) return;
      const at = new Date().toISOString();
      await delivered([...newest.values()].map((message) => ({ userId: reader, senderId: message.senderId, upTo: message._id, at })));
    },
  };
}

export type Receipts = ReturnType<typeof createReceipts>;

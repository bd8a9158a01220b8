import type { Queryable } from '@chat/database';
import { storedKeysOf } from '@chat/media';
import {
  linksIn,
  type CallLog,
  type Contact,
  type FileAttachment,
  type Message,
  type Reaction,
  type SharedKind,
  type SystemEvent,
} from '@chat/contracts';
import type { Block } from '../blocks/blocks.js';
import { checkedWords, inBlocksOf, prefixQuery, rewriteBlockWords } from '../search/search-index.js';

/** A message as every answer and every realtime event shows it. */
export type ChatMessage = Message;

/** Each person's reaction to a message, by user id: one each, so a toggle is one atomic update. */
type ReactionsByUser = Record<string, string>;

export interface MessageRow extends Omit<
  ChatMessage,
  | 'createdAt'
  | 'deliveredAt'
  | 'readAt'
  | 'editedAt'
  | 'deletedAt'
  | 'replyTo'
  | 'reactions'
  | 'forwarded'
  | 'file'
  | 'starred'
  | 'noLinkPreview'
  | 'groupId'
  | 'system'
  | 'deletedBy'
  | 'mentions'
  | 'call'
  | 'pinnedAt'
> {
  createdAt: Date;
  deliveredAt: Date | null;
  readAt: Date | null;
  editedAt: Date | null;
  deletedAt: Date | null;
  replyToId: string | null;
  replyToSenderId: string | null;
  replyToText: string | null;
  replyToImage: string | null;
  replyToFileName: string | null;
  reactions: ReactionsByUser;
  forwarded: boolean;
  file: FileAttachment | null;
  noLinkPreview: boolean;
  groupId: string | null;
  system: SystemEvent | null;
  deletedBy: string | null;
  mentions: string[] | null;
  call: CallLog | null;
  /** Absent from the answer of a send, which is never pinned. */
  pinnedAt?: Date | null;
  /** Read only where one person asks for their own view (a conversation's history). */
  starred?: boolean;
}

/** A message's columns, named as MessageRow: read from `table`, or unqualified where only `messages` has them. */
export const messageColumns = (table?: string) => {
  const from = table ? `${table}.` : '';
  return `${from}id::text AS "_id", ${from}sender_id::text AS "senderId", ${from}receiver_id::text AS "receiverId",
  ${from}text, ${from}image, ${from}created_at AS "createdAt", ${from}delivered_at AS "deliveredAt", ${from}read_at AS "readAt",
  ${from}edited_at AS "editedAt", ${from}deleted_at AS "deletedAt", ${from}reply_to_id::text AS "replyToId",
  ${from}reply_to_sender::text AS "replyToSenderId", ${from}reply_to_text AS "replyToText", ${from}reply_to_image AS "replyToImage",
  ${from}reactions, ${from}forwarded, ${from}file, ${from}reply_to_file_name AS "replyToFileName",
  ${from}no_link_preview AS "noLinkPreview", ${from}group_id::text AS "groupId", ${from}system,
  ${from}deleted_by::text AS "deletedBy", ${from}mentions::text[] AS "mentions", ${from}call, ${from}pinned_to_chat_at AS "pinnedAt"`;
};
export const MESSAGE_COLUMNS = messageColumns();

/** The reactions grouped by emoji, the most given first (then in code point order), their people in id order. */
function groupReactions(byUser: ReactionsByUser): Reaction[] {
  const groups = new Map<string, string[]>();
  for (const [userId, emoji] of Object.entries(byUser).sort(([a], [b]) => (a < b ? -1 : 1))) {
    groups.set(emoji, [...(groups.get(emoji) ?? []), userId]);
  }
  return [...groups]
    .map(([emoji, userIds]) => ({ emoji, userIds }))
    .sort((a, b) => b.userIds.length - a.userIds.length || (a.emoji < b.emoji ? -1 : 1));
}

const isoOrNull = (at: Date | null) => (at === null ? null : at.toISOString());

/**
 * A row as the message every answer and event shows. Written out field by field: a form that
 * took the row apart with a rest pattern and spread each optional field in cost ~12 µs a message
 * here (each rest and spread copies the object property by property), this one ~1.5 µs (2 ms of a
 * list of 200 groups' latest messages).
 */
export function toMessage(row: MessageRow): ChatMessage {
  const message: ChatMessage = {
    _id: row._id,
    senderId: row.senderId,
    receiverId: row.receiverId,
    text: row.text,
    image: row.image,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: isoOrNull(row.deliveredAt),
    readAt: isoOrNull(row.readAt),
    editedAt: isoOrNull(row.editedAt),
    deletedAt: isoOrNull(row.deletedAt),
    replyTo:
      row.replyToId === null
        ? null
        : {
            _id: row.replyToId,
            senderId: row.replyToSenderId!,
            text: row.replyToText,
            image: row.replyToImage,
            ...(row.replyToFileName ? { fileName: row.replyToFileName } : {}),
          },
    reactions: groupReactions(row.reactions),
  };
  if (row.forwarded) message.forwarded = true;
  if (row.file) message.file = row.file;
  if (row.starred) message.starred = true;
  if (row.noLinkPreview) message.noLinkPreview = true;
  if (row.groupId) message.groupId = row.groupId;
  if (row.system) message.system = row.system;
  if (row.deletedBy) message.deletedBy = row.deletedBy;
  if (row.mentions?.length) message.mentions = row.mentions;
  if (row.call) message.call = row.call;
  if (row.pinnedAt) message.pinnedAt = row.pinnedAt.toISOString();
  return message;
}

/**
 * A message listed with whom it is with (a search's or the starred list's): the columns of
 * `contacts c` joined on them (in a group, on its sender: `peerOf`) to select beside the message's,
 * with those of `groups g` joined on its group for a list holding group messages, and the row read back.
 */
export const PEER_COLUMNS = `c.user_id::text AS "peerId", c.full_name AS "peerName", c.profile_pic AS "peerPic"`;
export const LISTED_GROUP_COLUMNS = `g.name AS "groupName", g.picture AS "groupPicture"`;
export type RowWithPeer = MessageRow & {
  peerId: string;
  peerName: string;
  peerPic: string;
  groupName?: string | null;
  groupPicture?: string | null;
};
export type ListedMessage = { message: ChatMessage; peer: Contact; group?: { _id: string; name: string; picture: string } };
export const toMessageWithPeer = ({ peerId, peerName, peerPic, groupName, groupPicture, ...row }: RowWithPeer): ListedMessage => ({
  message: toMessage(row),
  peer: { _id: peerId, fullName: peerName, profilePic: peerPic },
  ...(row.groupId && groupName != null ? { group: { _id: row.groupId, name: groupName, picture: groupPicture ?? '' } } : {}),
});

/** Whom message `m` is with, as `userParam` sees it: the other person, or in a group, its sender (SQL). */
export const peerOf = (m: string, userParam: string) =>
  `CASE WHEN ${m}.group_id IS NOT NULL THEN ${m}.sender_id WHEN ${m}.sender_id = ${userParam} THEN ${m}.receiver_id ELSE ${m}.sender_id END`;

export interface NewMessage {
  senderId: string;
  receiverId: string;
  text: string | null;
  image: string | null;
  clientMessageId: string | null;
  /** The message of the same conversation this one answers. */
  replyToId: string | null;
  /** A copy of another message's text and image. */
  forwarded: boolean;
  /** A file stored already (the message keeps its URL, name and size). */
  file: FileAttachment | null;
  /** What it put in the object store, in bytes: counted against its sender's storage. */
  mediaBytes: number;
  /** Its sender removed its first web link's card. */
  noLinkPreview: boolean;
}

/** What one message keeps in the object store, in bytes: a forward of it counts as much. */
export async function mediaBytesOf(db: Queryable, messageId: string): Promise<number> {
  const [row] = await db.query<{ bytes: string }>('SELECT media_bytes::text AS bytes FROM messages WHERE id = $1', [messageId]);
  return Number(row?.bytes ?? 0);
}

/**
 * Whether a message the user sent or received carries this stored photo or file (a forward carries
 * the one it copies), or one of a group's they saw: while they were in it (one removed keeps what they had, until they delete the group).
 */
export async function carriesMediaFor(db: Queryable, url: string, userId: string): Promise<boolean> {
  const seen = `CASE WHEN group_id IS NULL THEN $2::uuid IN (sender_id, receiver_id)
    ELSE EXISTS (SELECT 1 FROM group_members gm WHERE gm.group_id = messages.group_id AND gm.user_id = $2::uuid AND NOT gm.chat_deleted
      AND messages.id > gm.joined_after AND messages.id <= COALESCE(gm.left_after, messages.id)) END`;
  const [row] = await db.query<{ carried: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM messages WHERE image = $1 AND ${seen})
         OR EXISTS (SELECT 1 FROM messages WHERE file ->> 'url' = $1 AND ${seen}) AS carried`,
    [url, userId],
  );
  return row?.carried === true;
}

/**
 * The stored keys (a photo's thumbnail with it) of these photos and files, by URL, that no message
 * carries any more: what may be deleted once the messages that had them let them go.
 */
export async function keysNoLongerCarried(
  db: Queryable,
  media: readonly { image: string | null; file: string | null }[],
): Promise<string[]> {
  const urls = media.flatMap(({ image, file }) => [image, file]).filter((url): url is string => url !== null);
  if (urls.length === 0) return [];
  const rows = await db.query<{ url: string }>(
    `SELECT u AS url FROM unnest($1::text[]) AS u
     WHERE NOT EXISTS (SELECT 1 FROM messages WHERE image = u) AND NOT EXISTS (SELECT 1 FROM messages WHERE file ->> 'url' = u)`,
    [urls],
  );
  const unused = new Set(rows.map((row) => row.url));
  const ifUnused = (url: string | null) => (url !== null && unused.has(url) ? url : null);
  return media.flatMap(({ image, file }) => storedKeysOf(ifUnused(image), ifUnused(file)));
}

/** The bytes a user's messages keep in the object store (deleted ones no longer do). */
export async function storageUsedBy(db: Queryable, userId: string): Promise<number> {
  const [row] = await db.query<{ used: string }>(
    `SELECT COALESCE(sum(media_bytes), 0)::text AS used FROM messages WHERE sender_id = $1 AND media_bytes > 0 AND deleted_at IS NULL`,
    [userId],
  );
  return Number(row?.used ?? 0);
}

/** What became of one send: stored now, stored by an earlier attempt, or addressed to nobody. */
export type InsertResult =
  | { status: 'stored'; message: ChatMessage }
  | { status: 'duplicate'; message: ChatMessage }
  | { status: 'unknown-receiver' }
  /** A block stands between them, as the sender sees it: the receiver blocked them, or they the receiver. */
  | { status: 'blocked'; block: Block };

/**
 * A send's answer, one row a message: what only the database knows of a stored one (its id, time
 * and the message it answers as it is now), the id of an earlier attempt's, or why it was refused.
 * Everything else is the input's: with a row as wide as a message, reading the answer's column
 * descriptions and rows was a sixth of the send's cost on PGlite's thread.
 */
type ResultRow = Pick<
  MessageRow,
  '_id' | 'createdAt' | 'senderId' | 'replyToId' | 'replyToSenderId' | 'replyToText' | 'replyToImage' | 'replyToFileName'
> & {
  kind: 'inserted' | 'existing' | 'unknown' | Block;
  ord: string | null;
  clientMessageId: string | null;
};

/** A message as the send just stored it: its input, and what the database gave it. */
const storedMessage = (message: NewMessage, row: ResultRow): ChatMessage =>
  toMessage({
    _id: row._id,
    senderId: row.senderId,
    receiverId: message.receiverId,
    text: message.text,
    image: message.image,
    createdAt: row.createdAt,
    deliveredAt: null,
    readAt: null,
    editedAt: null,
    deletedAt: null,
    replyToId: row.replyToId,
    replyToSenderId: row.replyToSenderId,
    replyToText: row.replyToText,
    replyToImage: row.replyToImage,
    replyToFileName: row.replyToFileName,
    reactions: {},
    forwarded: message.forwarded,
    file: message.file,
    noLinkPreview: message.noLinkPreview,
    groupId: null,
    system: null,
    deletedBy: null,
    mentions: null,
    call: null,
  });

/**
 * SQL: both people's conversation rows move to the messages of the CTE `inserted` (reading is
 * reported on its own: it stamps the messages it reads). Rows are locked in key order, so
 * concurrent batches cannot deadlock on them. A new message brings an archived conversation back
 * to the inbox, for both people, and is the one the inbox shows, whatever was deleted for one of
 * them before.
 */
export const moveConversationEnds = (inserted: string) => `
  INSERT INTO conversations (user_id, peer_id, last_message_id)
  SELECT user_id, peer_id, max(id) FROM (
    SELECT sender_id AS user_id, receiver_id AS peer_id, id FROM ${inserted}
    UNION ALL
    SELECT receiver_id, sender_id, id FROM ${inserted}
  ) ends
  GROUP BY user_id, peer_id
  ORDER BY user_id, peer_id
  ON CONFLICT (user_id, peer_id) DO UPDATE SET
    last_message_id = GREATEST(conversations.last_message_id, EXCLUDED.last_message_id), archived_at = NULL, preview_message_id = NULL`;

/**
 * Inserts messages in one round trip and one commit, in the order given, and answers each one's
 * result from the same statement: the earlier message when its sender already used its
 * clientMessageId, or that its receiver is not a known user.
 */
export async function insertMessages(db: Queryable, messages: readonly NewMessage[]): Promise<InsertResult[]> {
  const column = <K extends keyof NewMessage>(key: K) => messages.map((message) => message[key]);
  const rows = await db.query<ResultRow>(
    // Each check is a lookup by key (OFFSET 0 keeps it one): the kept plan, made for a batch of
    // about ten, otherwise hashed the whole table for every batch when it was small at the first
    // send (a fresh database), and did so for good as it grew (200 contacts: 0.23 ms a statement).
    `WITH input AS (
       SELECT t.*, EXISTS (SELECT 1 FROM contacts WHERE user_id = t.receiver_id AND deleted_at IS NULL OFFSET 0) AS receiver_known,
         EXISTS (SELECT 1 FROM blocks WHERE blocker_id = t.receiver_id AND blocked_id = t.sender_id OFFSET 0) AS blocked_by_receiver,
         EXISTS (SELECT 1 FROM blocks WHERE blocker_id = t.sender_id AND blocked_id = t.receiver_id OFFSET 0) AS receiver_blocked
       FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::uuid[], $6::bigint[], $7::boolean[], $8::text[], $9::boolean[], $10::bigint[], $11::boolean[]) WITH ORDINALITY
         AS t(sender_id, receiver_id, text, image, client_message_id, reply_to_id, forwarded, file, has_link, media_bytes, no_link_preview, ord)
     ), inserted AS (
       -- A reply keeps what it answers as it is now (an edit or a deletion of it changes the copy).
       INSERT INTO messages (sender_id, receiver_id, text, image, client_message_id, reply_to_id, reply_to_sender, reply_to_text, reply_to_image,
         forwarded, file, reply_to_file_name, has_link, media_bytes, no_link_preview)
       SELECT input.sender_id, input.receiver_id, input.text, input.image, input.client_message_id,
              quoted.id, quoted.sender_id, quoted.text, quoted.image, input.forwarded, input.file::jsonb, quoted.file ->> 'name', input.has_link,
              input.media_bytes, input.no_link_preview
       FROM input LEFT JOIN messages quoted ON quoted.id = input.reply_to_id
         AND LEAST(quoted.sender_id, quoted.receiver_id) = LEAST(input.sender_id, input.receiver_id)
         AND GREATEST(quoted.sender_id, quoted.receiver_id) = GREATEST(input.sender_id, input.receiver_id)
       WHERE receiver_known AND NOT blocked_by_receiver AND NOT receiver_blocked
       ORDER BY ord
       ON CONFLICT (sender_id, client_message_id) WHERE client_message_id IS NOT NULL DO NOTHING
       RETURNING id, sender_id, receiver_id, client_message_id, created_at, reply_to_id, reply_to_sender, reply_to_text, reply_to_image,
         reply_to_file_name
     ), conversation_ends AS (${moveConversationEnds('inserted')})
     SELECT 'inserted' AS kind, NULL::text AS ord, id::text AS "_id", created_at AS "createdAt", sender_id::text AS "senderId",
       client_message_id::text AS "clientMessageId", reply_to_id::text AS "replyToId", reply_to_sender::text AS "replyToSenderId",
       reply_to_text AS "replyToText", reply_to_image AS "replyToImage", reply_to_file_name AS "replyToFileName"
     FROM inserted
     UNION ALL
     SELECT 'existing', input.ord::text, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL
       -- Looked up send by send along the client id's index, whatever the table's size when the
       -- plan was made: as a join, the plan kept from a fresh database's first send read the whole
       -- table for every batch (8 ms a statement at 73,000 messages, growing with every one).
       FROM input CROSS JOIN LATERAL (
         SELECT 1 FROM messages earlier
         WHERE earlier.sender_id = input.sender_id AND earlier.client_message_id = input.client_message_id
         LIMIT 1
       ) messages
       WHERE input.receiver_known
     UNION ALL
     SELECT CASE WHEN NOT input.receiver_known THEN 'unknown' WHEN input.blocked_by_receiver THEN 'blocked-me' ELSE 'blocked-by-me' END,
       input.ord::text, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL
       FROM input WHERE NOT input.receiver_known OR input.blocked_by_receiver OR input.receiver_blocked`,
    [
      column('senderId'),
      column('receiverId'),
      column('text'),
      column('image'),
      column('clientMessageId'),
      column('replyToId'),
      column('forwarded'),
      messages.map((message) => message.file && JSON.stringify(message.file)),
      messages.map((message) => linksIn(message.text).length > 0),
      column('mediaBytes'),
      column('noLinkPreview'),
    ],
    // Every lookup is by key, whatever the batch: a plan for one batch is the plan for all.
    { plan: 'generic' },
  );
  const refused = new Map<number, InsertResult & { status: 'unknown-receiver' | 'blocked' }>();
  const retried = new Set<number>();
  const inserted: ResultRow[] = [];
  for (const row of rows) {
    if (row.kind === 'unknown') refused.set(Number(row.ord), { status: 'unknown-receiver' });
    else if (row.kind === 'blocked-me' || row.kind === 'blocked-by-me')
      refused.set(Number(row.ord), { status: 'blocked', block: row.kind });
    else if (row.kind === 'existing') retried.add(Number(row.ord));
    else inserted.push(row);
  }
  // The statement's snapshot predates its own inserts, so `existing` marks the retries of earlier
  // attempts (rare; their messages are read afterwards); inserted rows are numbered in input order,
  // and the ones skipped are simply absent. Only a send with a client id can be skipped, and no
  // later send of the batch has its sender and client id, so those two pair each row with its send.
  inserted.sort((a, b) => Number(a._id) - Number(b._id));
  let next = 0;
  const storedNow = new Map<string, ChatMessage>();
  const results = messages.map((message, index): InsertResult | 'earlier' => {
    const ord = index + 1;
    // A retry of a message stored before a block answers that message, as any retry does.
    if (retried.has(ord)) return 'earlier';
    const refusal = refused.get(ord);
    if (refusal) return refusal;
    const row = inserted[next];
    const key = `${message.senderId}:${message.clientMessageId}`;
    if (row !== undefined && row.senderId === message.senderId && row.clientMessageId === message.clientMessageId) {
      next += 1;
      const stored = storedMessage(message, row);
      if (message.clientMessageId) storedNow.set(key, stored);
      return { status: 'stored', message: stored };
    }
    // Skipped by ON CONFLICT: a repeat within this batch, or an attempt that committed while this
    // statement ran, whose row its snapshot could not see.
    const sibling = storedNow.get(key);
    return sibling ? { status: 'duplicate', message: sibling } : 'earlier';
  });
  return Promise.all(
    results.map(async (result, index): Promise<InsertResult> => {
      if (result !== 'earlier') return result;
      const { senderId, clientMessageId } = messages[index]!;
      const earlier = await findByClientMessageId(db, senderId, clientMessageId!);
      if (!earlier) throw new Error('a send was skipped as a repeat, yet no message has its clientMessageId');
      return { status: 'duplicate', message: earlier };
    }),
  );
}

export async function findByClientMessageId(db: Queryable, senderId: string, clientMessageId: string): Promise<ChatMessage | null> {
  const rows = await db.query<MessageRow>(`SELECT ${MESSAGE_COLUMNS} FROM messages WHERE sender_id = $1 AND client_message_id = $2`, [
    senderId,
    clientMessageId,
  ]);
  return rows[0] ? toMessage(rows[0]) : null;
}

/** Above every message id. */
export const MAX_BIGINT = '9223372036854775807';

/** Orders messages newest first, by their ids (strings of bigints). */
export const newerFirst = (a: { _id: string }, b: { _id: string }) => Number(BigInt(b._id) - BigInt(a._id));

export interface Page {
  /** Only messages older than this id; the newest ones when absent. */
  before?: string;
  limit: number;
}

/** Whether the user named by `userParam` starred the message whose id `messageId` is (SQL, for a column `starred`). */
export const starredBy = (userParam: string, messageId: string) =>
  `EXISTS (SELECT 1 FROM stars WHERE user_id = ${userParam} AND message_id = ${messageId})`;

/** Whether the user named by `userParam` deleted the message whose id `messageId` is for themselves (SQL). */
export const hiddenBy = (userParam: string, messageId: string) =>
  `EXISTS (SELECT 1 FROM hidden_messages WHERE user_id = ${userParam} AND message_id = ${messageId})`;

/** Up to which message id `userParam` cleared their conversation with `peer` (SQL; 0 if never). */
export const clearedUpTo = (userParam: string, peer: string) =>
  `(SELECT COALESCE(max(cleared_up_to), 0) FROM conversations WHERE user_id = ${userParam} AND peer_id = ${peer})`;

/** A message `userParam` has not deleted for themselves nor cleared away (SQL, on `table`'s columns). */
export const visibleTo = (userParam: string, table = 'messages') =>
  `NOT ${hiddenBy(userParam, `${table}.id`)}
   AND ${table}.id > ${clearedUpTo(userParam, `CASE WHEN ${table}.sender_id = ${userParam} THEN ${table}.receiver_id ELSE ${table}.sender_id END`)}`;

/** One page of the conversation between two users, oldest first, as `userA` sees it (their stars marked, what they deleted for themselves left out). */
export async function listConversation(db: Queryable, userA: string, userB: string, page: Page): Promise<ChatMessage[]> {
  const [low, high] = [userA, userB].sort();
  const rows = await db.query<MessageRow>(
    `SELECT page.*, ${starredBy('$5', 'page."_id"::bigint')} AS starred FROM (
       SELECT ${MESSAGE_COLUMNS} FROM messages
       WHERE LEAST(sender_id, receiver_id) = $1 AND GREATEST(sender_id, receiver_id) = $2
         AND id < $3::bigint
         AND id <= (SELECT COALESCE(max(last_message_id), 0) FROM conversations WHERE user_id = $5 AND peer_id = $6)
         AND id > ${clearedUpTo('$5', '$6')} AND NOT ${hiddenBy('$5', 'messages.id')}
       ORDER BY id DESC LIMIT $4
     ) page ORDER BY "_id"::bigint ASC`,
    // Always a bound, so it is a condition of the index scan in every plan (a NULL-or-bound is
    // only a filter in a generic plan, which then reads the conversation from its newest message).
    // Bounded by the conversation's newest message too: for a pair with most of the table's
    // messages the planner walks the primary key backwards, which would otherwise first read
    // through every newer message of everyone else (57 ms a page at 500,000 of them).
    [low, high, page.before ?? MAX_BIGINT, page.limit, userA, userB],
  );
  return rows.map(toMessage);
}

/** Which messages each "Media, links and docs" list holds (SQL; each implies messages_shared_idx's condition). */
const SHARED: Record<SharedKind, string> = {
  media: `(image IS NOT NULL OR file -> 'video' IS NOT NULL)`,
  docs: `file IS NOT NULL AND file -> 'voice' IS NULL AND file -> 'video' IS NULL`,
  links: 'has_link',
};

/** Which of a group's messages a member sees. */
export interface GroupWindow {
  /** Those with a greater id (past when they joined, and past what they cleared)… */
  seenAfter: string;
  /** …up to this one, once they left or were removed; null while they are a member. */
  leftAfter: string | null;
}

/**
 * SQL: a `messages` row of the group `$<first>` inside the window `$<first + 1>`, `$<first + 2>`
 * (windowParams' order): what a member sees, or saw until they left.
 */
export const inGroupWindow = (first: number) =>
  `messages.group_id = $${first} AND messages.id > $${first + 1}::bigint AND messages.id <= $${first + 2}::bigint`;

/** The parameters inGroupWindow reads, in its order. */
export const windowParams = (groupId: string, { seenAfter, leftAfter }: GroupWindow) => [groupId, seenAfter, leftAfter ?? MAX_BIGINT];

/** SQL: where the window of the member row `m` starts: past when they joined, and past what they cleared ("Clear chat"). */
export const seenAfter = (m: string) => `GREATEST(${m}.joined_after, ${m}.cleared_up_to)`;

/**
 * One kind of what my (`userId`'s) conversation with `peerId` holds, newest first, as I see it; of
 * a group (`groupWindow`: which of its messages I see), what was shared while I was in it.
 */
export async function listShared(
  db: Queryable,
  {
    userId,
    peerId,
    groupWindow,
    kind,
    before,
    limit,
  }: { userId: string; peerId: string; groupWindow: GroupWindow | null; kind: SharedKind; before?: string; limit: number },
): Promise<ChatMessage[]> {
  const [among, params] = groupWindow
    ? [inGroupWindow(4), windowParams(peerId, groupWindow)]
    : [
        `LEAST(sender_id, receiver_id) = LEAST($3::uuid, $4::uuid) AND GREATEST(sender_id, receiver_id) = GREATEST($3::uuid, $4::uuid)
         AND id > ${clearedUpTo('$3', '$4')}`,
        [peerId],
      ];
  const rows = await db.query<MessageRow>(
    `SELECT ${MESSAGE_COLUMNS} FROM messages
     WHERE ${among} AND id < $1::bigint AND ${SHARED[kind]} AND NOT ${hiddenBy('$3', 'messages.id')}
     ORDER BY id DESC LIMIT $2`,
    [before ?? MAX_BIGINT, limit, userId, ...params],
  );
  return rows.map(toMessage);
}

/**
 * SQL: whether `messages` row is `userParam`'s to act on: one they sent or received, or a message of
 * a group they are a member of now, sent since they joined (a removed member changes nothing more).
 */
export const partOf = (userParam: string) =>
  `CASE WHEN messages.group_id IS NULL THEN ${userParam}::uuid IN (messages.sender_id, messages.receiver_id)
   ELSE EXISTS (SELECT 1 FROM group_members gm WHERE gm.group_id = messages.group_id AND gm.user_id = ${userParam}::uuid
     AND gm.left_after IS NULL AND messages.id > gm.joined_after) END`;

/** A message `userId` sent or received (or may see in a group they are in), with how many minutes ago it was sent (by the database's clock). */
export async function findOwnOrReceived(db: Queryable, messageId: string, userId: string) {
  const [found] = await db.query<MessageRow & { minutesOld: number }>(
    `SELECT ${MESSAGE_COLUMNS}, extract(epoch FROM now() - created_at)::float8 / 60 AS "minutesOld"
     FROM messages WHERE id = $1 AND ${partOf('$2')}`,
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
    `WITH quotes AS (UPDATE messages SET reply_to_text = $2 WHERE reply_to_id = $1),
       words AS (${rewriteBlockWords('$1::bigint', '$2::text')})
     UPDATE messages SET text = $2, edited_at = now(), has_link = $3 WHERE id = $1 RETURNING ${MESSAGE_COLUMNS}`,
    [messageId, text, linksIn(text).length > 0],
  );
  return { status: 'edited', message: toMessage(edited!) };
}

export type DeleteOutcome =
  | { status: 'deleted' | 'unchanged'; message: ChatMessage; image: string | null; file: string | null }
  | { status: 'not-found' }
  | { status: 'not-author' };

/** Whether `userId` is an admin of the group now. */
async function isGroupAdmin(db: Queryable, groupId: string, userId: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM group_members WHERE group_id = $1 AND user_id = $2 AND left_after IS NULL AND role = $3', [
    groupId,
    userId,
    'admin',
  ]);
  return rows.length > 0;
}

/**
 * Deletes for everyone a message `userId` wrote (or, in a group, any member's message an admin
 * deletes: marked `deletedBy`): it keeps its place in the conversation, without text, image, file
 * or reactions, and the replies to it quote nothing. Answers the image and file it had, for them
 * to go from the store too.
 */
export async function deleteMessage(db: Queryable, { messageId, userId }: { messageId: string; userId: string }): Promise<DeleteOutcome> {
  const found = await findOwnOrReceived(db, messageId, userId);
  if (!found) return { status: 'not-found' };
  const { minutesOld: _minutesOld, ...row } = found;
  // A line of a group's story is no one's to delete; someone else's message, only an admin of its group's.
  if (row.system !== null) return { status: 'not-author' };
  const byAdmin = row.senderId !== userId && row.groupId !== null && (await isGroupAdmin(db, row.groupId, userId));
  if (row.senderId !== userId && !byAdmin) return { status: 'not-author' };
  if (row.deletedAt) return { status: 'unchanged', message: toMessage(row), image: null, file: null };
  const [deleted] = await db.query<MessageRow>(
    `WITH quotes AS (UPDATE messages SET reply_to_text = NULL, reply_to_image = NULL, reply_to_file_name = NULL WHERE reply_to_id = $1),
       words AS (${rewriteBlockWords('$1::bigint', 'NULL::text')}),
       stars AS (DELETE FROM stars WHERE message_id = $1)
     UPDATE messages SET text = NULL, image = NULL, file = NULL, reactions = '{}', deleted_at = now(), has_link = false,
       deleted_by = $2::uuid, pinned_to_chat_at = NULL WHERE id = $1
     RETURNING ${MESSAGE_COLUMNS}`,
    [messageId, byAdmin ? userId : null],
  );
  return { status: 'deleted', message: toMessage(deleted!), image: row.image, file: row.file?.url ?? null };
}

export type ReactOutcome = { status: 'changed'; message: ChatMessage } | { status: 'not-found' } | { status: 'deleted' };

/**
 * Toggles `userId`'s reaction to a message they sent or received: the same emoji again takes it
 * back, another one replaces it. One statement, so two people reacting at once both count.
 */
export async function reactToMessage(
  db: Queryable,
  { messageId, userId, emoji }: { messageId: string; userId: string; emoji: string },
): Promise<ReactOutcome> {
  const [changed] = await db.query<MessageRow>(
    `UPDATE messages SET reactions = CASE WHEN reactions ->> $3::text = $4::text THEN reactions - $3::text
       ELSE reactions || jsonb_build_object($3::text, $4::text) END
     WHERE id = $1 AND ${partOf('$2')} AND deleted_at IS NULL AND system IS NULL
     RETURNING ${MESSAGE_COLUMNS}`,
    [messageId, userId, userId, emoji],
  );
  if (changed) return { status: 'changed', message: toMessage(changed) };
  return (await findOwnOrReceived(db, messageId, userId)) ? { status: 'deleted' } : { status: 'not-found' };
}

/** Whether a message may be answered in the conversation of `userA` and `userB`: it is theirs and not deleted. */
export async function findReplyTarget(
  db: Queryable,
  { messageId, userA, userB }: { messageId: string; userA: string; userB: string },
): Promise<'found' | 'not-found' | 'deleted'> {
  const [found] = await db.query<{ deleted: boolean }>(
    `SELECT deleted_at IS NOT NULL AS deleted FROM messages
     WHERE id = $1 AND LEAST(sender_id, receiver_id) = LEAST($2::uuid, $3::uuid)
       AND GREATEST(sender_id, receiver_id) = GREATEST($2::uuid, $3::uuid)`,
    [messageId, userA, userB],
  );
  if (!found) return 'not-found';
  return found.deleted ? 'deleted' : 'found';
}

const CHECKED_TEXT = checkedWords('messages');
/** How many blocks a search round asks for: few at first (a common word fills a page from one), more as rounds go on. */
const BLOCKS_PER_ROUND = [2, 8, 32];
/** How many of my newest blocks a search reads one by one before it asks the words' index: enough for a common word. */
const WALKED_BLOCKS = 32;

/**
 * `userId`'s messages with people (or with `peerId`) holding a word starting with each of `words`,
 * newest first, with the person each is with. Postgres full-text search on both modes. (A group's
 * messages are searched in the group's own blocks: searchGroupMessages.)
 *
 * The messages the index has not put in a block yet (the tail) are checked one by one; then the
 * user's blocks holding every word, newest first, a few at a time, until the page is full: read
 * one by one among the newest blocks (a common word is in the first), then from the words' index
 * (whose cost is the number of blocks that hold the words, not the number of blocks walked past).
 */
export async function searchMessages(
  db: Queryable,
  { userId, words, peerId, before, limit }: { userId: string; words: string[]; peerId?: string; before?: string; limit: number },
): Promise<ListedMessage[]> {
  const query = prefixQuery(words);
  const withPeer = `group_id IS NULL AND ($4::uuid IS NULL OR (LEAST(sender_id, receiver_id) = LEAST($1, $4::uuid)
    AND GREATEST(sender_id, receiver_id) = GREATEST($1, $4::uuid)))`;
  const found = (from: string) => `
    SELECT ${messageColumns('messages')}, ${PEER_COLUMNS}
    FROM ${from} messages
    JOIN contacts c ON c.user_id = CASE WHEN sender_id = $1 THEN receiver_id ELSE sender_id END
    ORDER BY id DESC
    LIMIT $5`;
  const tail = (who: 'sender_id' | 'receiver_id') => `(
    SELECT * FROM messages
    WHERE ${who} = $1 AND id < $3::bigint AND id > (SELECT COALESCE(max(indexed_up_to), 0) FROM search_cursors WHERE user_id = $1)
      AND ${withPeer} AND ${CHECKED_TEXT} @@ to_tsquery('simple', $2) AND ${visibleTo('$1')}
    ORDER BY id DESC
    LIMIT $5)`;
  const newest = before ?? MAX_BIGINT;
  const rows = await db.query<RowWithPeer>(found(`(${tail('sender_id')} UNION ALL ${tail('receiver_id')})`), [
    userId,
    query,
    newest,
    peerId ?? null,
    limit,
  ]);
  const blockWithPeer = '($5::uuid IS NULL OR peer_ids @> ARRAY[$5::uuid])';
  const blocksFrom = {
    newest: `SELECT first_id::text AS "firstId", message_ids::text[] AS "messageIds" FROM (
        SELECT * FROM search_blocks WHERE user_id = $1 AND last_id < $2::bigint ORDER BY last_id DESC LIMIT ${WALKED_BLOCKS}
      ) newest
      WHERE first_id < $3::bigint AND words @@ to_tsquery('simple', $4) AND ${blockWithPeer}
      ORDER BY last_id DESC LIMIT $6`,
    index: `SELECT first_id::text AS "firstId", message_ids::text[] AS "messageIds" FROM search_blocks
      WHERE ${inBlocksOf('$1', '$4')} AND last_id < $2::bigint AND first_id < $3::bigint AND ${blockWithPeer}
      ORDER BY last_id DESC LIMIT $6`,
  };
  let from: keyof typeof blocksFrom = 'newest';
  let olderThan = MAX_BIGINT;
  for (let round = 0; rows.length < limit; round++) {
    const blocksWanted = BLOCKS_PER_ROUND[Math.min(round, BLOCKS_PER_ROUND.length - 1)]!;
    const blocks = await db.query<{ firstId: string; messageIds: string[] }>(blocksFrom[from], [
      userId,
      olderThan,
      newest,
      query,
      peerId ?? null,
      blocksWanted,
    ]);
    if (blocks.length > 0) {
      const inBlocks = await db.query<RowWithPeer>(
        found(
          `(SELECT * FROM messages WHERE id = ANY($6::bigint[]) AND id < $3::bigint AND ${withPeer} AND ${CHECKED_TEXT} @@ to_tsquery('simple', $2)
            AND ${visibleTo('$1')})`,
        ),
        [userId, query, newest, peerId ?? null, limit - rows.length, blocks.flatMap((block) => block.messageIds)],
      );
      rows.push(...inBlocks);
      olderThan = blocks[blocks.length - 1]!.firstId;
    }
    // Fewer than asked: no more among the newest blocks (the index goes on below them), or none left.
    if (blocks.length < blocksWanted) {
      if (from === 'index') break;
      from = 'index';
    }
  }
  return rows.map(toMessageWithPeer);
}

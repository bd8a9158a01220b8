import {
  DEFAULT_PRIVACY_SETTINGS,
  messageIdSchema,
  UNREAD_COUNT_CAP,
  uuidSchema,
  type Contact,
  type ContactCard,
  type InboxEntry,
  type PrivacySettings,
  MESSAGE_ERRORS,
  PAGE_ERRORS,
} from '@chat/contracts';
import type { Database, Queryable } from '@chat/database';
import { notFound } from '@chat/kernel';
import { Type, type Static } from 'typebox';
import { BLOCK_BETWEEN } from '../blocks/blocks.js';
import { MAX_BIGINT, messageColumns, toMessage, type MessageRow } from '../conversations/messages.js';
import { pageCursors } from '../page-cursors.js';

/**
 * The words of a name as search matches them: accents and case dropped, split at anything that
 * is not a letter or a digit ("Zoë O'Neil-Smith" is zoe, o, neil, smith). Done here rather than in
 * SQL, so it is the same whatever the database's locale.
 */
export function nameWords(name: string): string[] {
  const plain = name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  return [...new Set(plain.split(/[^\p{L}\p{N}]+/u).filter(Boolean))];
}

/** Keeps a user's card as auth last said it; answers whether it is new here, or now shows another name or picture. */
export async function upsertContact(
  db: Database,
  contact: Contact & { about?: string },
  settings: PrivacySettings = DEFAULT_PRIVACY_SETTINGS,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [before] = await tx.query<Pick<Contact, 'fullName' | 'profilePic'>>(
      `SELECT full_name AS "fullName", profile_pic AS "profilePic" FROM contacts WHERE user_id = $1`,
      [contact._id],
    );
    const changed = await tx.query(
      // A new contact was seen as they signed up: a last seen from then on tells "hidden" (null) from "never seen".
      // An account deleted stays so, whatever older card arrives late.
      `INSERT INTO contacts (user_id, full_name, profile_pic, send_read_receipts, show_last_seen, about, calls_from, last_seen)
       VALUES ($1, $2, $3, $4, $5, $6, $7, now())
       ON CONFLICT (user_id) DO UPDATE SET full_name = EXCLUDED.full_name, profile_pic = EXCLUDED.profile_pic,
         send_read_receipts = EXCLUDED.send_read_receipts, show_last_seen = EXCLUDED.show_last_seen, about = EXCLUDED.about,
         calls_from = EXCLUDED.calls_from
       WHERE contacts.deleted_at IS NULL
       RETURNING 1`,
      [
        contact._id,
        contact.fullName,
        contact.profilePic,
        settings.sendReadReceipts,
        settings.showLastSeen,
        contact.about ?? '',
        settings.callsFrom ?? 'everyone',
      ],
    );
    if (changed.length === 0) return false;
    await indexName(tx, contact._id, contact.fullName);
    return before === undefined || before.fullName !== contact.fullName || before.profilePic !== contact.profilePic;
  });
}

async function indexName(db: Queryable, userId: string, fullName: string): Promise<void> {
  await db.query('DELETE FROM contact_words WHERE user_id = $1', [userId]);
  await db.query('INSERT INTO contact_words (word, user_id, name_words) SELECT unnest($1::text[]), $2, $1', [nameWords(fullName), userId]);
}

/** Indexes the names of contacts made before names were searchable; a batch at a time. */
export async function indexUnindexedNames(db: Database, batch = 1000): Promise<void> {
  for (;;) {
    const rows = await db.query<{ userId: string; fullName: string }>(
      `SELECT user_id::text AS "userId", full_name AS "fullName" FROM contacts c
       WHERE NOT EXISTS (SELECT 1 FROM contact_words w WHERE w.user_id = c.user_id) LIMIT $1`,
      [batch],
    );
    for (const row of rows) await indexName(db, row.userId, row.fullName);
    if (rows.length < batch) return;
  }
}

/**
 * A contact as their contact info shows them, or null for someone unknown here. Their "About" is
 * not shown to someone they blocked, as WhatsApp hides it; a deleted account has none.
 */
export async function findContactCard(db: Queryable, viewerId: string, userId: string): Promise<ContactCard | null> {
  const rows = await db.query<ContactCard>(
    `SELECT user_id::text AS "_id", full_name AS "fullName", profile_pic AS "profilePic",
       CASE WHEN EXISTS (SELECT 1 FROM blocks WHERE blocker_id = $1 AND blocked_id = $2) THEN '' ELSE about END AS about
     FROM contacts WHERE user_id = $1`,
    [userId, viewerId],
  );
  return rows[0] ?? null;
}

/** Whether the user is known here and has an account still (someone who deleted theirs cannot be written to). */
export async function contactExists(db: Queryable, userId: string, options: { orDeleted?: boolean } = {}): Promise<boolean> {
  const rows = await db.query(`SELECT 1 FROM contacts WHERE user_id = $1 ${options.orDeleted ? '' : 'AND deleted_at IS NULL'}`, [userId]);
  return rows.length > 0;
}

/** Answers 404 MESSAGE_ERRORS.userNotFound for a user this service does not know, or (unless `orDeleted`) who deleted their account. */
export async function requireContact(db: Queryable, userId: string, options: { orDeleted?: boolean } = {}): Promise<void> {
  if (!(await contactExists(db, userId, options))) throw notFound(MESSAGE_ERRORS.userNotFound);
}

/**
 * Where a page of the inbox ends: in the pinned conversations (the latest pinned first), in the
 * others (ordered by their latest message, newest first), in everyone else (by name), or in a
 * search's matches (by the word that matched). Opaque to clients, which pass it back as it came.
 */
const InboxCursorSchema = Type.Union([
  Type.Object({ in: Type.Literal('pinned'), pinnedAt: Type.String({ format: 'date-time' }), peerId: uuidSchema() }),
  Type.Object({
    in: Type.Union([Type.Literal('conversations'), Type.Literal('archived')]),
    lastMessageId: messageIdSchema(PAGE_ERRORS.badCursor),
    peerId: uuidSchema(),
  }),
  Type.Object({ in: Type.Union([Type.Literal('names'), Type.Literal('online')]), name: Type.String(), userId: uuidSchema() }),
  Type.Object({ in: Type.Literal('search'), word: Type.String(), userId: uuidSchema() }),
]);
type InboxCursor = Static<typeof InboxCursorSchema>;
const inboxCursors = pageCursors(InboxCursorSchema);

export const encodeCursor = inboxCursors.encode;

/** The cursor a client sent, or null if it is not one this service made. */
export const decodeCursor = inboxCursors.decode;

export interface InboxQuery {
  /** Words each of which must start a word of the name; none lists everyone. */
  search: string[];
  /** Only those online now, whom a block does not hide. */
  online: boolean;
  /** Only the conversations I archived. */
  archived: boolean;
  limit: number;
  after: InboxCursor | null;
}

export interface InboxPage {
  entries: InboxEntry[];
  next: InboxCursor | null;
}

/**
 * Where a first page starts, in each order: keyset bounds are always given, so they are conditions
 * of the index scans in every plan (a NULL-or-bound is a mere filter in a generic plan, and a deep
 * page would read everything before it).
 */
const FIRST = {
  lastMessageId: MAX_BIGINT,
  peerId: 'ffffffff-ffff-ffff-ffff-ffffffffffff',
  name: '',
  userId: '00000000-0000-0000-0000-000000000000',
};

/** The highest code point: every word starting with a prefix sorts below prefix + this, in byte order. */
const AFTER_ALL = '\u{10FFFF}';

/**
 * My unread messages from `v.peer_id` (a conversations row, possibly absent), counted up to the cap;
 * none of those I cleared away, and of the lines their calls left, only the missed ones.
 */
const UNREAD_COUNT = `COALESCE((SELECT count(*)::int FROM (
    SELECT 1 FROM messages u
    WHERE LEAST(u.sender_id, u.receiver_id) = LEAST(v.user_id, v.peer_id)
      AND GREATEST(u.sender_id, u.receiver_id) = GREATEST(v.user_id, v.peer_id)
      AND u.sender_id = v.peer_id AND u.id > GREATEST(v.read_up_to, v.cleared_up_to)
      AND (u.call IS NULL OR u.call ->> 'outcome' = 'missed')
    LIMIT ${UNREAD_COUNT_CAP}) unread), 0)`;

/** When contact `c` was last online, if they show it and so does the viewer (`$1`): hiding it hides everyone's, as WhatsApp. */
const LAST_SEEN = `CASE WHEN c.show_last_seen AND (SELECT viewer.show_last_seen FROM contacts viewer WHERE viewer.user_id = $1)
  AND NOT ${BLOCK_BETWEEN('$1', 'c.user_id')} AND c.deleted_at IS NULL THEN c.last_seen END AS "lastSeen"`;

type EntryRow = Partial<MessageRow> & {
  peerId: string;
  /** The conversation's latest message (which the entry may not show: deleted for me, or cleared). */
  latestMessageId?: string;
  pinned?: boolean;
  pinnedAt?: Date;
  archived?: boolean;
  markedUnread?: boolean;
  fullName: string;
  profilePic: string;
  unreadCount: number;
  lastSeen: Date | null;
  accountDeleted?: boolean;
};

const toEntry = ({
  peerId,
  fullName,
  profilePic,
  unreadCount,
  lastSeen,
  accountDeleted,
  pinned,
  pinnedAt,
  archived,
  markedUnread,
  latestMessageId,
  ...message
}: EntryRow): InboxEntry => ({
  _id: peerId,
  fullName,
  profilePic,
  lastMessage: message._id ? toMessage(message as MessageRow) : null,
  ...(latestMessageId && latestMessageId !== message._id ? { latestMessageId } : {}),
  unreadCount,
  lastSeen: lastSeen?.toISOString() ?? null,
  ...(accountDeleted ? { accountDeleted: true as const } : {}),
  ...(pinned ? { pinned: true as const } : {}),
  ...(pinnedAt ? { pinnedAt: pinnedAt.toISOString() } : {}),
  ...(archived ? { archived: true as const } : {}),
  ...(markedUnread ? { markedUnread: true as const } : {}),
});

/** The message conversation `v`'s entry shows (`m`): its latest, unless that one is gone for its user. */
const SHOWN_MESSAGE = `LEFT JOIN messages m ON m.id = COALESCE(v.preview_message_id, v.last_message_id)`;

/** A conversation of viewer `$1` (`v`) as an inbox entry, with its contact (`c`) and the message it shows (SHOWN_MESSAGE). */
const CONVERSATION_ENTRY = `v.peer_id::text AS "peerId", c.full_name AS "fullName", c.profile_pic AS "profilePic",
  ${UNREAD_COUNT} AS "unreadCount", ${LAST_SEEN}, c.deleted_at IS NOT NULL AS "accountDeleted", v.marked_unread AS "markedUnread",
  v.last_message_id::text AS "latestMessageId", ${messageColumns('m')}`;

/**
 * A page of the sidebar. Without a search: the conversations I pinned, the latest pinned first;
 * the other people I have a conversation with, latest activity first; then everyone else by name.
 * With one: everyone whose name has a word starting with each search word, by the word that
 * matched. Online only: those online now, by name (or as the search orders them), without those a
 * block hides (a block hides presence both ways). Every part is read along an index from where the
 * last page ended, so a page costs the same with a hundred users or a million.
 */
export async function listInbox(db: Database, me: string, query: InboxQuery): Promise<InboxPage> {
  if (query.search.length > 0) return searchInbox(db, me, query);
  if (query.online) return listOnline(db, me, query);
  if (query.archived) return listArchived(db, me, query);
  // Most pages are my conversations alone: one statement, one snapshot. A page that names complete
  // reads its conversations again with the names in one snapshot: a first message stored between
  // the two reads would leave its sender in neither (not yet a conversation, no longer a name).
  if (query.after?.in === 'names') return listNames(db, me, query, []);
  const page = await listConversations(db, me, query);
  if (page.next) return page;
  return db.transaction(async (tx) => {
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    const again = await listConversations(tx, me, query);
    return again.next ? again : listNames(tx, me, query, again.entries);
  });
}

/**
 * The conversations of a page (its cursor not yet in the names): the pinned ones, latest pinned
 * first, then the others by their latest message, in one statement. `next` is set when they fill
 * the page.
 */
async function listConversations(db: Queryable, me: string, query: InboxQuery): Promise<InboxPage> {
  const pinnedAfter = !query.after ? null : query.after.in === 'pinned' ? query.after : undefined;
  const conversationsAfter = query.after?.in === 'conversations' ? query.after : null;
  // Postgres appends a UNION ALL's parts in order (no parallel plans here): the pinned ones first.
  const rows = await db.query<EntryRow & { pinnedAt: Date | null }>(
    `(SELECT ${CONVERSATION_ENTRY}, true AS "pinned", v.pinned_at AS "pinnedAt"
       FROM conversations v
       JOIN contacts c ON c.user_id = v.peer_id
       ${SHOWN_MESSAGE}
       WHERE $5::boolean AND v.user_id = $1 AND v.pinned_at IS NOT NULL AND v.archived_at IS NULL AND v.peer_id <> $1
         AND (v.pinned_at, v.peer_id) < ($2::timestamptz, $3::uuid)
       ORDER BY v.pinned_at DESC, v.peer_id DESC
       LIMIT $4)
     UNION ALL
     (SELECT ${CONVERSATION_ENTRY}, false, NULL
       FROM conversations v
       JOIN contacts c ON c.user_id = v.peer_id
       ${SHOWN_MESSAGE}
       WHERE v.user_id = $1 AND v.peer_id <> $1 AND v.pinned_at IS NULL AND v.archived_at IS NULL
         AND (v.last_message_id, v.peer_id) < ($6::bigint, $7::uuid)
       ORDER BY v.last_message_id DESC, v.peer_id DESC
       LIMIT $4)`,
    [
      me,
      pinnedAfter?.pinnedAt ?? 'infinity',
      pinnedAfter?.peerId ?? FIRST.peerId,
      query.limit,
      pinnedAfter !== undefined,
      conversationsAfter?.lastMessageId ?? FIRST.lastMessageId,
      conversationsAfter?.peerId ?? FIRST.peerId,
    ],
    // Along my conversations' index whoever I am: planned once, as planning it for each run's
    // values took 1.5 ms where running it took 0.2 (500,000 conversations, on Postgres).
    { plan: 'generic' },
  );
  const shown = rows.slice(0, query.limit);
  const entries = shown.map(toEntry);
  const last = shown.at(-1);
  if (shown.length < query.limit || !last) return { entries, next: null };
  return {
    entries,
    next: last.pinnedAt
      ? { in: 'pinned', pinnedAt: last.pinnedAt.toISOString(), peerId: last.peerId }
      : { in: 'conversations', lastMessageId: last.latestMessageId!, peerId: last.peerId },
  };
}

/** A page's everyone else by name (those I have no conversation with), after its `entries`. */
async function listNames(db: Queryable, me: string, query: InboxQuery, entries: InboxEntry[]): Promise<InboxPage> {
  const after = query.after?.in === 'names' ? query.after : null;
  const rows = await db.query<Contact & { sortName: string; lastSeen: Date | null }>(
    `SELECT c.user_id::text AS "_id", c.full_name AS "fullName", c.profile_pic AS "profilePic", lower(c.full_name) AS "sortName",
       ${LAST_SEEN}
     FROM contacts c
     WHERE c.user_id <> $1 AND c.deleted_at IS NULL
       AND NOT EXISTS (SELECT 1 FROM conversations v WHERE v.user_id = $1 AND v.peer_id = c.user_id)
       AND (lower(c.full_name), c.user_id) > ($2::text, $3::uuid)
     ORDER BY lower(c.full_name), c.user_id
     LIMIT $4`,
    [me, after?.name ?? FIRST.name, after?.userId ?? FIRST.userId, query.limit - entries.length],
  );
  for (const { sortName: _sortName, lastSeen, ...contact } of rows) {
    entries.push({ ...contact, lastMessage: null, unreadCount: 0, lastSeen: lastSeen?.toISOString() ?? null });
  }
  const last = rows.at(-1);
  return { entries, next: entries.length === query.limit && last ? { in: 'names', name: last.sortName, userId: last._id } : null };
}

/** The conversations I archived, latest activity first, along their own index. */
async function listArchived(db: Queryable, me: string, query: InboxQuery): Promise<InboxPage> {
  const after = query.after?.in === 'archived' ? query.after : { lastMessageId: FIRST.lastMessageId, peerId: FIRST.peerId };
  const rows = await db.query<EntryRow>(
    `SELECT ${CONVERSATION_ENTRY}, true AS "archived"
     FROM conversations v
     JOIN contacts c ON c.user_id = v.peer_id
     ${SHOWN_MESSAGE}
     WHERE v.user_id = $1 AND v.archived_at IS NOT NULL AND v.peer_id <> $1
       AND (v.last_message_id, v.peer_id) < ($2::bigint, $3::uuid)
     ORDER BY v.last_message_id DESC, v.peer_id DESC
     LIMIT $4`,
    [me, after.lastMessageId, after.peerId, query.limit],
  );
  const last = rows.at(-1);
  return {
    entries: rows.map(toEntry),
    next: rows.length === query.limit && last ? { in: 'archived', lastMessageId: last.latestMessageId!, peerId: last.peerId } : null,
  };
}

/** How many conversations I archived. */
export async function countArchived(db: Queryable, me: string): Promise<number> {
  const [row] = await db.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM conversations WHERE user_id = $1 AND archived_at IS NOT NULL',
    [me],
  );
  return row?.count ?? 0;
}

/** The conversation of viewer `$1` with `${peer}` and the message it shows, if any: looked up one contact at a time. */
const CONVERSATION_WITH = (peer: string) => `LEFT JOIN LATERAL (
    SELECT v.user_id, v.peer_id, v.read_up_to, v.cleared_up_to, v.pinned_at, v.archived_at, v.marked_unread, v.last_message_id, m.*
    FROM conversations v ${SHOWN_MESSAGE}
    WHERE v.user_id = $1 AND v.peer_id = ${peer}
    LIMIT 1
  ) v ON true`;

/**
 * Everyone online now but me and those a block hides, by name, along the index of online
 * contacts: a page reads about as many rows as it shows, however many are online.
 */
async function listOnline(db: Queryable, me: string, query: InboxQuery): Promise<InboxPage> {
  const after = query.after?.in === 'online' ? query.after : { name: FIRST.name, userId: FIRST.userId };
  const rows = await db.query<EntryRow & { sortName: string }>(
    `SELECT c.user_id::text AS "peerId", c.full_name AS "fullName", c.profile_pic AS "profilePic", lower(c.full_name) AS "sortName",
       ${UNREAD_COUNT} AS "unreadCount", ${LAST_SEEN}, v.pinned_at IS NOT NULL AS "pinned", v.archived_at IS NOT NULL AS "archived",
       v.marked_unread IS TRUE AS "markedUnread", v.last_message_id::text AS "latestMessageId", ${messageColumns('v')}
     FROM contacts c
     ${CONVERSATION_WITH('c.user_id')}
     WHERE c.online AND c.deleted_at IS NULL AND c.user_id <> $1 AND NOT ${BLOCK_BETWEEN('$1', 'c.user_id')}
       AND (lower(c.full_name), c.user_id) > ($2::text, $3::uuid)
     ORDER BY lower(c.full_name), c.user_id
     LIMIT $4`,
    [me, after.name, after.userId, query.limit],
  );
  const last = rows.at(-1);
  return {
    entries: rows.map(({ sortName: _sortName, ...row }) => toEntry(row)),
    next: rows.length === query.limit && last ? { in: 'online', name: last.sortName, userId: last.peerId } : null,
  };
}

/**
 * A search walks the words starting with its longest word in index order, so it stops as soon as
 * the page is full however common the word is; each contact counts once, at its first matching
 * word, and must match every other search word too. Conversations come with their last message.
 */
async function searchInbox(db: Queryable, me: string, query: InboxQuery): Promise<InboxPage> {
  const [longest] = [...query.search].sort((a, b) => b.length - a.length) as [string];
  // A cursor from before the search word (another search's) starts at the search word instead.
  const after = query.after?.in === 'search' && query.after.word >= longest ? query.after : { word: longest, userId: FIRST.userId };
  const rows = await db.query<EntryRow & { word: string }>(
    // The page's matches first, from the index entries alone; then each one's card, conversation
    // and unread count. Left to one query, the planner would sometimes (a word it thought rare)
    // look up every candidate's conversation before checking the other search words: 2,000 lookups
    // for a page of 100: "zoe la" by a user with 100,000 conversations took 18 ms, now 9.
    `WITH matches AS MATERIALIZED (
       SELECT w.word, w.user_id FROM contact_words w
       -- The matches start after the cursor (on a first page, at the search word itself): one
       -- bound for the index scan to start from; a second lower bound could leave it starting at
       -- the index's first word in a generic plan.
       WHERE (w.word, w.user_id) > ($4::text, $5::uuid) AND w.word < $3 AND w.user_id <> $1
         -- Checked on the index entry's own copy of the name (name_text): no other row is read.
         -- Each contact once, at the first of its words to start with the search word (which is
         -- never after w.word: >= means "at", and the planner does not take it for a rare match).
         AND strpos(w.name_text, ' ' || $2) >= strpos(w.name_text, ' ' || w.word || ' ')
         -- Every search word starts one of the name's words.
         AND w.name_text LIKE ALL ($6::text[])
         AND (NOT $8::boolean OR EXISTS (
           SELECT 1 FROM contacts o WHERE o.user_id = w.user_id AND o.online AND NOT ${BLOCK_BETWEEN('$1', 'o.user_id')}
         ))
       ORDER BY w.word, w.user_id
       LIMIT $7
     )
     SELECT w.word, w.user_id::text AS "peerId", c.full_name AS "fullName", c.profile_pic AS "profilePic",
       ${UNREAD_COUNT} AS "unreadCount", ${LAST_SEEN}, v.pinned_at IS NOT NULL AS "pinned", v.archived_at IS NOT NULL AS "archived",
       v.marked_unread IS TRUE AS "markedUnread", v.last_message_id::text AS "latestMessageId", ${messageColumns('v')}
     FROM matches w
     JOIN contacts c ON c.user_id = w.user_id
     -- Looked up match by match (LIMIT 1 keeps the planner from joining all my conversations first).
     ${CONVERSATION_WITH('w.user_id')}
     ORDER BY w.word, w.user_id`,
    [me, longest, longest + AFTER_ALL, after.word, after.userId, query.search.map(wordStartPattern), query.limit, query.online],
  );
  const last = rows.at(-1);
  return {
    entries: rows.map(({ word: _word, ...row }) => toEntry(row)),
    next: rows.length === query.limit && last ? { in: 'search', word: last.word, userId: last.peerId } : null,
  };
}

/** A LIKE pattern for a name's text (contact_words.name_text) with a word starting with `prefix`. */
const wordStartPattern = (prefix: string) => `% ${prefix.replace(/[\\%_]/g, (special) => `\\${special}`)}%`;

/** Records when users were last online: never moves back. */
export async function recordSeen(db: Queryable, seen: readonly { userId: string; at: string }[]): Promise<void> {
  await db.query(
    `UPDATE contacts c SET last_seen = GREATEST(c.last_seen, s.at)
     FROM (
       SELECT user_id, max(at) AS at FROM unnest($1::uuid[], $2::timestamptz[]) AS t(user_id, at)
       GROUP BY user_id ORDER BY user_id
     ) s
     WHERE c.user_id = s.user_id AND c.deleted_at IS NULL`,
    [seen.map((entry) => entry.userId), seen.map((entry) => entry.at)],
  );
}

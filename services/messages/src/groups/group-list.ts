import {
  NAMED_IN_PREVIEW,
  UNREAD_COUNT_CAP,
  uuidSchema,
  type Contact,
  type GroupCard,
  type GroupEntry,
  type GroupRole,
} from '@chat/contracts';
import type { Queryable } from '@chat/database';
import { Type, type Static } from 'typebox';
import { hiddenBy, MESSAGE_COLUMNS, seenAfter, toMessage, type ChatMessage, type MessageRow } from '../conversations/messages.js';
import { pageCursors } from '../page-cursors.js';
import { CARD_COLUMNS, toCard, type GroupRow } from './groups.js';

/** Where a page of my groups ends: its last group's latest activity (the id of the message it sorts by) and id. */
const GroupsCursorSchema = Type.Object({
  activity: Type.String({ pattern: '^(0|[1-9][0-9]{0,17})$' }),
  groupId: uuidSchema(),
});
export type GroupsCursor = Static<typeof GroupsCursorSchema>;
export const groupsCursors = pageCursors(GroupsCursorSchema);

/** A message's times, which a message read back as JSON (a lateral row) holds as strings. */
const MESSAGE_TIMES = ['createdAt', 'deliveredAt', 'readAt', 'editedAt', 'deletedAt'] as const;

/** A message read back as JSON, its times made dates where it stands (the object is the row's own: no copy). */
const fromJson = (row: Record<string, unknown>): MessageRow => {
  for (const key of MESSAGE_TIMES) row[key] = typeof row[key] === 'string' ? new Date(row[key]) : null;
  return row as unknown as MessageRow;
};

/** Who a latest message names in its preview: its sender, and the first NAMED_IN_PREVIEW people of a line ("Ann added Bob"). */
const namedBy = (message: ChatMessage | null): string[] =>
  message
    ? [message.senderId, ...(message.system && 'userIds' in message.system ? message.system.userIds.slice(0, NAMED_IN_PREVIEW) : [])]
    : [];

/** These people's names and pictures, each looked up by key (the deleted included: their lines still name them). */
const contactsByIds = (db: Queryable, ids: string[]) =>
  ids.length === 0
    ? []
    : db.query<Contact>(
        `SELECT user_id::text AS "_id", full_name AS "fullName", profile_pic AS "profilePic" FROM contacts WHERE user_id = ANY($1::uuid[])`,
        [[...new Set(ids)]],
      );

/** A group of the list as its statement reads it. */
type ListRow = GroupRow & {
  memberCount: number;
  leftAfter: string | null;
  role: GroupRole;
  last: Record<string, unknown> | null;
  activity: string;
  unread: number;
  mentioned: boolean;
  pinnedAt: Date | null;
  archived: boolean;
  markedUnread: boolean;
};

/**
 * A page of my groups (and those I left): on the first page the ones I pinned, then the others by
 * latest activity, `limit` of them, from `after` on. Each with the latest message I may see, my
 * unread count (others' messages past my read cursor, counted up to UNREAD_COUNT_CAP, from the
 * group's numbering: a few index probes a group with unread messages, none for one read to its
 * end, the group's last number standing for mine while I am in it), and the people its latest
 * message names. Two statements, whatever the page; the work is the page's, not all my groups'
 * (a list of all 200 groups of the bench took 28 ms p50 here).
 */
export async function listGroupsOf(
  db: Queryable,
  userId: string,
  { limit, after }: { limit: number; after: GroupsCursor | null },
): Promise<{ entries: GroupEntry[]; next: GroupsCursor | null }> {
  const rows = await db.query<ListRow>(
    `SELECT ${CARD_COLUMNS}, m.left_after::text AS "leftAfter", m.role, to_json(last) AS last, page.activity::text AS activity,
       m.pinned_at AS "pinnedAt", m.marked_unread AS "markedUnread",
       -- Archived until a message past the one it was archived at.
       COALESCE(page.activity <= m.archived_up_to, false) AS archived,
       unread.count AS unread, unread.mentioned
     FROM (
       -- The page: on the first, the groups I pinned; then the others by latest activity, from the cursor on.
       -- A group's activity is the last message I may see in it (the group's latest while I am in it).
       (SELECT m.group_id, COALESCE(m.left_after, g.last_message_id) AS activity FROM group_members m JOIN groups g ON g.id = m.group_id
        WHERE m.user_id = $1 AND NOT m.chat_deleted AND m.pinned_at IS NOT NULL AND $3::bigint IS NULL)
       UNION ALL
       (SELECT m.group_id, COALESCE(m.left_after, g.last_message_id) FROM group_members m JOIN groups g ON g.id = m.group_id
        WHERE m.user_id = $1 AND NOT m.chat_deleted AND m.pinned_at IS NULL
          AND ($3::bigint IS NULL OR (COALESCE(m.left_after, g.last_message_id), g.id) < ($3::bigint, $4::uuid))
        ORDER BY COALESCE(m.left_after, g.last_message_id) DESC, g.id DESC LIMIT $5)
     ) page
     JOIN group_members m ON m.group_id = page.group_id AND m.user_id = $1 JOIN groups g ON g.id = page.group_id
     -- Where my read cursor stands (the newer of what I read and where my window starts), and where what I may see ends.
     CROSS JOIN LATERAL (SELECT GREATEST(m.read_up_to, ${seenAfter('m')}) AS read_to, page.activity AS seen_to) cursor
     -- My unread messages: the group's numbers past my cursor (its last number while I am in it), but
     -- mine (my lines, a send my cursor has not caught up with yet), counted up to UNREAD_COUNT_CAP;
     -- and whether one of the latest UNREAD_COUNT_CAP messages that mention anyone mentions me.
     -- A group read to its end (most of them) reads no message for either.
     CROSS JOIN LATERAL (
       SELECT CASE WHEN cursor.read_to >= cursor.seen_to THEN 0 ELSE LEAST($2, GREATEST(0,
           CASE WHEN m.left_after IS NULL THEN g.last_seq
             ELSE COALESCE((SELECT group_seq FROM messages WHERE group_id = g.id AND id <= cursor.seen_to ORDER BY id DESC LIMIT 1), 0) END
           - COALESCE((SELECT group_seq FROM messages WHERE group_id = g.id AND id <= cursor.read_to ORDER BY id DESC LIMIT 1), 0)
           - (SELECT count(*) FROM (
               SELECT 1 FROM messages
               WHERE LEAST(sender_id, receiver_id) = LEAST($1::uuid, g.id) AND GREATEST(sender_id, receiver_id) = GREATEST($1::uuid, g.id)
                 AND id > cursor.read_to AND id <= cursor.seen_to
               LIMIT $2) mine)
         ))::int END AS count,
         CASE WHEN cursor.read_to >= cursor.seen_to THEN false ELSE COALESCE((SELECT bool_or($1 = ANY(mentioning.mentions)) FROM (
           SELECT mentions FROM messages WHERE group_id = g.id AND mentions IS NOT NULL AND id > cursor.read_to AND id <= cursor.seen_to
           ORDER BY id DESC LIMIT $2
         ) mentioning), false) END AS mentioned
     ) unread
     LEFT JOIN LATERAL (
       SELECT ${MESSAGE_COLUMNS} FROM messages
       WHERE group_id = g.id AND id > ${seenAfter('m')} AND id <= page.activity
         AND NOT ${hiddenBy('$1', 'messages.id')}
       ORDER BY id DESC LIMIT 1
     ) last ON true
     ORDER BY page.activity DESC, g.id DESC`,
    // One more than the page: whether another follows.
    [userId, UNREAD_COUNT_CAP, after?.activity ?? null, after?.groupId ?? null, limit + 1],
    // Lookups by key whoever asks: planned once, as planning it for each run's values cost more
    // than running it (1.9 ms against 2.9 with 200 groups on Postgres).
    { plan: 'generic' },
  );
  const others = rows.filter((row) => !row.pinnedAt);
  const beyond = others.length > limit ? others[limit] : undefined;
  const shown = beyond ? rows.filter((row) => row !== beyond) : rows;
  const lastShown = beyond && others[limit - 1];
  return {
    entries: await toEntries(db, shown),
    next: lastShown ? { activity: lastShown.activity, groupId: lastShown._id } : null,
  };
}

/** The rows as the list shows them, with the people their latest messages name. */
async function toEntries(db: Queryable, rows: ListRow[]): Promise<GroupEntry[]> {
  const lastMessages = rows.map(({ last }) => (last ? toMessage(fromJson(last)) : null));
  // The people the rows name, looked up once for all of them by key (a lookup in each row cost ~20 µs a group).
  const people = new Map((await contactsByIds(db, lastMessages.flatMap(namedBy))).map((contact) => [contact._id, contact]));
  return rows.map((row, at) => {
    const lastMessage = lastMessages[at] ?? null;
    const entry: GroupEntry = {
      group: toCard(row, row),
      role: row.role,
      lastMessage,
      unreadCount: row.unread,
      people: [...new Set(namedBy(lastMessage))].flatMap((id) => people.get(id) ?? []),
    };
    if (row.mentioned) entry.mentioned = true;
    if (row.pinnedAt) entry.pinnedAt = row.pinnedAt.toISOString();
    if (row.archived) entry.archived = true;
    if (row.markedUnread) entry.markedUnread = true;
    return entry;
  });
}

/**
 * The groups `userId` and `peerId` are both in now, by name ("Groups in common" in a contact's
 * info): at most as many as one person may be in, each found by key from `userId`'s groups.
 */
export async function groupsInCommon(db: Queryable, userId: string, peerId: string): Promise<GroupCard[]> {
  const rows = await db.query<GroupRow & { memberCount: number }>(
    `SELECT ${CARD_COLUMNS} FROM group_members mine
     JOIN group_members theirs ON theirs.group_id = mine.group_id AND theirs.user_id = $2 AND theirs.left_after IS NULL
     JOIN groups g ON g.id = mine.group_id
     WHERE mine.user_id = $1 AND mine.left_after IS NULL
     ORDER BY lower(g.name), g.id`,
    [userId, peerId],
  );
  return rows.map((row) => toCard(row, { leftAfter: null }));
}

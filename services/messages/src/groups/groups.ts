import { randomBytes, randomUUID } from 'node:crypto';
import {
  GROUP_ERRORS,
  linksIn,
  MAX_GROUP_MEMBERS,
  MAX_GROUPS_PER_USER,
  type Contact,
  type Group,
  type GroupCard,
  type GroupMember,
  type GroupRole,
  type SystemEvent,
  MESSAGE_ERRORS,
} from '@chat/contracts';
import type { Database, Queryable } from '@chat/database';
import { requireContact } from '../contacts/contacts.js';
import { enqueueMembership } from './group-events.js';
import { badRequest, forbidden, notFound } from '@chat/kernel';
import {
  hiddenBy,
  inGroupWindow,
  MAX_BIGINT,
  MESSAGE_COLUMNS,
  seenAfter,
  starredBy,
  toMessage,
  windowParams,
  type ChatMessage,
  type GroupWindow,
  type MessageRow,
  type NewMessage,
  type Page,
} from '../conversations/messages.js';

/** Where one person stands in a group: their role, and which of its messages they may see. */
export interface Membership extends GroupWindow {
  role: GroupRole;
}

export interface GroupRules {
  name: string;
  description: string;
  onlyAdminsSend: boolean;
  onlyAdminsEdit: boolean;
}

export interface GroupRow {
  _id: string;
  name: string;
  description: string;
  picture: string;
  createdBy: string;
  createdAt: Date;
  onlyAdminsSend: boolean;
  onlyAdminsEdit: boolean;
}

const GROUP_COLUMNS = `g.id::text AS "_id", g.name, g.description, g.picture, g.created_by::text AS "createdBy",
  g.created_at AS "createdAt", g.only_admins_send AS "onlyAdminsSend", g.only_admins_edit AS "onlyAdminsEdit"`;

/** Where `userId` stands in the group, or null if they never were in it, deleted it since they left ("Delete group"), or it does not exist. */
export async function membershipOf(db: Queryable, groupId: string, userId: string): Promise<Membership | null> {
  const rows = await db.query<Membership>(
    `SELECT role, ${seenAfter('m')}::text AS "seenAfter", left_after::text AS "leftAfter" FROM group_members m
     WHERE group_id = $1 AND user_id = $2 AND NOT chat_deleted`,
    [groupId, userId],
  );
  return rows[0] ?? null;
}

/** Someone who is or was in the group (a removed member reads what they had); 404 for anyone else, as for no group. */
export async function requireSeenBy(db: Queryable, groupId: string, userId: string): Promise<Membership> {
  const membership = await membershipOf(db, groupId, userId);
  if (!membership) throw notFound(GROUP_ERRORS.notFound);
  return membership;
}

/**
 * Someone I may have a conversation with: a group I am or was in (by its id), or anyone with an
 * account, or who had one (their conversation stays); 404 for anything else.
 */
export async function requireConversationWith(db: Queryable, userId: string, peerId: string): Promise<void> {
  if (await membershipOf(db, peerId, userId)) return;
  await requireContact(db, peerId, { orDeleted: true });
}

/** A member now; an admin when `admin` is asked. */
export async function requireMember(db: Queryable, groupId: string, userId: string, { admin = false } = {}): Promise<Membership> {
  const membership = await requireSeenBy(db, groupId, userId);
  if (membership.leftAfter !== null) throw forbidden(GROUP_ERRORS.notMember);
  if (admin && membership.role !== 'admin') throw forbidden(GROUP_ERRORS.notAdmin);
  return membership;
}

/** The group's card as one in it sees it. */
export const CARD_COLUMNS = `${GROUP_COLUMNS}, g.member_count AS "memberCount"`;

/** Someone removed sees the group as it was to them: read-only, with no one in it. */
export const toCard = (row: GroupRow & { memberCount: number }, membership: Pick<Membership, 'leftAfter'>): GroupCard => {
  // Field by field, not a spread of the row: a list builds 200 of these (and the row may hold more than a card).
  const card: GroupCard = {
    _id: row._id,
    name: row.name,
    description: row.description,
    picture: row.picture,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    onlyAdminsSend: row.onlyAdminsSend,
    onlyAdminsEdit: row.onlyAdminsEdit,
    memberCount: row.memberCount,
  };
  if (membership.leftAfter !== null) Object.assign(card, { memberCount: 0, removed: true });
  return card;
};

/** The group as one in it sees it: everything, with its members only while they are one, and the people it may name. */
export async function readGroup(db: Queryable, groupId: string, membership: Membership): Promise<Group> {
  const [groups, members, people] = await Promise.all([
    db.query<GroupRow & { memberCount: number }>(`SELECT ${CARD_COLUMNS} FROM groups g WHERE g.id = $1`, [groupId]),
    membership.leftAfter === null
      ? db.query<Omit<GroupMember, 'joinedAt'> & { joinedAt: Date }>(
          `SELECT user_id::text AS "userId", role, joined_at AS "joinedAt" FROM group_members
           WHERE group_id = $1 AND left_after IS NULL ORDER BY joined_at, user_id`,
          [groupId],
        )
      : [],
    // Everyone in it before I left (all, while I am in it): who its messages and lines I see name.
    db.query<Contact>(
      `SELECT c.user_id::text AS "_id", c.full_name AS "fullName", c.profile_pic AS "profilePic"
       FROM group_members m JOIN contacts c ON c.user_id = m.user_id
       WHERE m.group_id = $1 AND ($2::bigint IS NULL OR m.joined_after < $2::bigint)`,
      [groupId, membership.leftAfter],
    ),
  ]);
  const group = groups[0];
  if (!group) throw notFound(GROUP_ERRORS.notFound);
  return {
    ...toCard(group, membership),
    members: members.map((member) => ({ ...member, joinedAt: member.joinedAt.toISOString() })),
    people,
  };
}

/**
 * The group (`group`, a parameter) moved to its next message, when `may` (SQL): its next number and
 * the message's id, taken from the messages' own sequence while the group's row is held (sends to
 * the group take turns for it), so numbers follow ids and none is skipped or given twice. Answers
 * `id` and `seq`, and the group's receipts (`group_d`, `group_r`) as the held row has them. It
 * must be the statement's only touch of the row: locking the row first and updating it after, a
 * send that had waited for the one before updated it from the statement's older snapshot, chasing
 * to the version it locked behind the sends queued on it: a deadlock (5 to 7 sends in 1,000 at 100
 * a second to one group).
 */
const nextInGroup = (group: string, may = 'true') =>
  `UPDATE groups SET last_seq = last_seq + 1, last_message_id = nextval(pg_get_serial_sequence('messages', 'id'))
   WHERE id = ${group} AND ${may}
   RETURNING last_message_id AS id, last_seq AS seq, delivered_up_to AS group_d, read_up_to AS group_r`;

/** Stores a line of the group's story as its newest message, and moves the group to it. */
export async function insertSystemMessage(tx: Queryable, groupId: string, actorId: string, event: SystemEvent): Promise<ChatMessage> {
  const rows = await tx.query<MessageRow>(
    `WITH numbered AS (
       ${nextInGroup('$2')}
     )
     INSERT INTO messages (id, sender_id, receiver_id, group_id, system, group_seq) OVERRIDING SYSTEM VALUE
     SELECT id, $1, $2, $2, $3::jsonb, seq FROM numbered
     RETURNING ${MESSAGE_COLUMNS}`,
    [actorId, groupId, JSON.stringify(event)],
  );
  return toMessage(rows[0]!);
}

/** An invite link's code: 128 random bits, 22 characters of base64url. */
export const newInviteCode = () => randomBytes(16).toString('base64url');

/** Refuses ids that are not people with an account (a deleted one included). */
async function requireAccounts(db: Queryable, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  const rows = await db.query<{ known: number }>(
    'SELECT count(*)::int AS known FROM contacts WHERE user_id = ANY($1::uuid[]) AND deleted_at IS NULL',
    [userIds],
  );
  if (rows[0]?.known !== userIds.length) throw badRequest(GROUP_ERRORS.unknownMember);
}

/** Refuses anyone who would be in more than MAX_GROUPS_PER_USER groups. */
export async function requireRoomForGroups(db: Queryable, userIds: readonly string[]): Promise<void> {
  const rows = await db.query<{ full: number }>(
    `SELECT count(*)::int AS full FROM (
       SELECT user_id FROM group_members WHERE user_id = ANY($1::uuid[]) AND left_after IS NULL
       GROUP BY user_id HAVING count(*) >= $2
     ) crowded`,
    [userIds, MAX_GROUPS_PER_USER],
  );
  if ((rows[0]?.full ?? 0) > 0) throw badRequest(GROUP_ERRORS.tooManyGroups);
}

/**
 * Makes members of those not in the group now (new, or back after leaving); `startAt` then places
 * their window and cursors at the line announcing them, in the same transaction.
 */
export async function enrol(tx: Queryable, groupId: string, userIds: readonly string[], role: GroupRole): Promise<string[]> {
  const rows = await tx.query<{ userId: string }>(
    `INSERT INTO group_members (group_id, user_id, role, joined_after)
     SELECT $1, user_id, $3, (SELECT last_message_id FROM groups WHERE id = $1) FROM unnest($2::uuid[]) AS user_id
     ON CONFLICT (group_id, user_id) DO UPDATE SET role = EXCLUDED.role, joined_at = now(), left_after = NULL, chat_deleted = false
       WHERE group_members.left_after IS NOT NULL
     RETURNING user_id::text AS "userId"`,
    [groupId, userIds, role],
  );
  return rows.map((row) => row.userId);
}

/** New members' window and cursors start at the line announcing them: they see it, unread. */
export async function startAt(tx: Queryable, groupId: string, userIds: readonly string[], line: ChatMessage): Promise<void> {
  await tx.query(
    'UPDATE group_members SET joined_after = $3 - 1, read_up_to = $3 - 1, delivered_up_to = $3 - 1 WHERE group_id = $1 AND user_id = ANY($2::uuid[])',
    [groupId, userIds, line._id],
  );
}

/**
 * The group's rules and info, its row locked for a change: two admins changing it at once take
 * turns. NO KEY UPDATE, as its id never changes: rows naming the group (a receipt, a line) may still
 * be written meanwhile, where FOR UPDATE would make them wait and deadlock with a member row.
 */
export async function lockGroup(tx: Queryable, groupId: string): Promise<GroupRules> {
  const rows = await tx.query<GroupRules>(
    `SELECT name, description, only_admins_send AS "onlyAdminsSend", only_admins_edit AS "onlyAdminsEdit" FROM groups WHERE id = $1 FOR NO KEY UPDATE`,
    [groupId],
  );
  if (!rows[0]) throw notFound(GROUP_ERRORS.notFound);
  return rows[0];
}

/**
 * How many are members now, counted again after a change of members and kept on the group's row:
 * a card (every group of an inbox has one) reads it instead of counting up to 1,024 rows.
 */
export async function recountMembers(tx: Queryable, groupId: string): Promise<number> {
  const rows = await tx.query<{ members: number }>(
    `UPDATE groups SET member_count = (SELECT count(*) FROM group_members WHERE group_id = $1 AND left_after IS NULL)
     WHERE id = $1 RETURNING member_count AS members`,
    [groupId],
  );
  return rows[0]?.members ?? 0;
}

/** A new group: its creator its first admin, the people named its members, "created" and "added" its first lines. */
export async function createGroup(
  db: Database,
  creatorId: string,
  { name, description, memberIds }: { name: string; description: string; memberIds: readonly string[] },
): Promise<{ groupId: string; lines: ChatMessage[] }> {
  const others = [...new Set(memberIds)].filter((id) => id !== creatorId);
  await requireAccounts(db, others);
  await requireRoomForGroups(db, [creatorId, ...others]);
  const groupId = randomUUID();
  const lines = await db.transaction(async (tx) => {
    await tx.query('INSERT INTO groups (id, name, description, created_by, invite_code) VALUES ($1, $2, $3, $4, $5)', [
      groupId,
      name,
      description,
      creatorId,
      newInviteCode(),
    ]);
    const created = await insertSystemMessage(tx, groupId, creatorId, { kind: 'created', actorId: creatorId, name });
    // Everyone named sees the group from its very first line.
    await tx.query(
      `INSERT INTO group_members (group_id, user_id, role, joined_after)
       SELECT $1, user_id, CASE WHEN user_id = $3 THEN 'admin' ELSE 'member' END, 0 FROM unnest($2::uuid[]) AS user_id`,
      [groupId, [creatorId, ...others], creatorId],
    );
    await recountMembers(tx, groupId);
    const made = [created];
    if (others.length > 0)
      made.push(await insertSystemMessage(tx, groupId, creatorId, { kind: 'added', actorId: creatorId, userIds: others }));
    await enqueueMembership(tx, groupId, { added: [creatorId, ...others], lines: made });
    return made;
  });
  return { groupId, lines };
}

/** An admin adds people; those in it already are left as they are. Answers who joined and the line saying so. */
export async function addMembers(
  db: Database,
  groupId: string,
  adminId: string,
  userIds: readonly string[],
): Promise<{ added: string[]; line: ChatMessage | null }> {
  await requireAccounts(db, userIds);
  await requireRoomForGroups(db, userIds);
  return db.transaction(async (tx) => {
    // Two admins adding at once cannot pass the limit together.
    await lockGroup(tx, groupId);
    await requireMember(tx, groupId, adminId, { admin: true });
    const added = await enrol(tx, groupId, userIds, 'member');
    if (added.length === 0) return { added, line: null };
    if ((await recountMembers(tx, groupId)) > MAX_GROUP_MEMBERS) throw badRequest(GROUP_ERRORS.full);
    const line = await insertSystemMessage(tx, groupId, adminId, { kind: 'added', actorId: adminId, userIds: added });
    await startAt(tx, groupId, added, line);
    await enqueueMembership(tx, groupId, { added, lines: [line] });
    return { added, line };
  });
}

/**
 * `userId` leaves the group (`actorId` is themself) or an admin removes them: they keep the
 * messages up to the line saying so, and see nothing after. The last admin cannot leave while
 * others remain.
 */
export async function removeMember(db: Database, groupId: string, actorId: string, userId: string): Promise<ChatMessage> {
  return db.transaction(async (tx) => {
    await lockGroup(tx, groupId);
    const leaving = actorId === userId;
    const actor = await requireMember(tx, groupId, actorId, { admin: !leaving });
    const member = leaving ? actor : await membershipOf(tx, groupId, userId);
    if (!member || member.leftAfter !== null) throw notFound(GROUP_ERRORS.notMember);
    if (leaving && actor.role === 'admin') {
      const rows = await tx.query<{ others: number; admins: number }>(
        `SELECT count(*)::int AS others, count(*) FILTER (WHERE role = 'admin')::int AS admins
         FROM group_members WHERE group_id = $1 AND left_after IS NULL AND user_id <> $2`,
        [groupId, userId],
      );
      if ((rows[0]?.others ?? 0) > 0 && rows[0]?.admins === 0) throw badRequest(GROUP_ERRORS.lastAdmin);
    }
    const event: SystemEvent = leaving ? { kind: 'left', actorId } : { kind: 'removed', actorId, userIds: [userId] };
    return closeWindow(tx, groupId, userId, event);
  });
}

/**
 * `userId` is no longer a member: the line saying so (`event`) is the last of the group's messages
 * they see; it and their sockets' leaving wait in the membership outbox.
 */
export async function closeWindow(tx: Queryable, groupId: string, userId: string, event: SystemEvent): Promise<ChatMessage> {
  const line = await insertSystemMessage(tx, groupId, event.actorId, event);
  await tx.query('UPDATE group_members SET left_after = $3 WHERE group_id = $1 AND user_id = $2', [groupId, userId, line._id]);
  await recountMembers(tx, groupId);
  await enqueueMembership(tx, groupId, { lines: [line], removed: [userId] });
  return line;
}

/**
 * The group's messages `userId` may see (`membership`), but those they deleted for themselves, oldest
 * first, a page back from `before`, their stars marked.
 */
export async function listGroupMessages(
  db: Queryable,
  { groupId, userId, membership }: { groupId: string; userId: string; membership: Membership },
  page: Page,
): Promise<ChatMessage[]> {
  const rows = await db.query<MessageRow>(
    `SELECT page.*, ${starredBy('$6', 'page."_id"::bigint')} AS starred FROM (
       SELECT ${MESSAGE_COLUMNS} FROM messages
       WHERE ${inGroupWindow(1)} AND id < $4::bigint AND NOT ${hiddenBy('$6', 'messages.id')}
       ORDER BY id DESC LIMIT $5
     ) page ORDER BY "_id"::bigint ASC`,
    [...windowParams(groupId, membership), page.before ?? MAX_BIGINT, page.limit, userId],
  );
  return rows.map(toMessage);
}

/** A member who may send to the group now, under its rules ("only admins can send"). */
export async function requireMayPost(db: Queryable, groupId: string, senderId: string): Promise<Membership> {
  const membership = await requireMember(db, groupId, senderId);
  const rules = await db.query<{ onlyAdminsSend: boolean }>('SELECT only_admins_send AS "onlyAdminsSend" FROM groups WHERE id = $1', [
    groupId,
  ]);
  if (rules[0]?.onlyAdminsSend && membership.role !== 'admin') throw forbidden(GROUP_ERRORS.onlyAdminsSend);
  return membership;
}

/** Postgres' code for a unique index refusing a row. */
const UNIQUE_VIOLATION = '23505';

/**
 * A member's send (`receiverId` is the group): one row in messages, the group moved to it and its
 * sender's cursors with it (they have it and have read the group up to it, as every messenger takes
 * a reply, each move logged for "Message info"), whatever the group's size (no row per member), in
 * one statement. Refused past the group's rules (checked in the same statement, as it stores). A
 * retried clientMessageId answers the first. `settle`: the sender's cursors held the group's
 * receipts back, which may move now (a cursor read at the statement's snapshot is never ahead of
 * the row's, so it may say so needlessly, never wrongly not).
 */
export async function insertGroupMessage(
  db: Queryable,
  message: NewMessage & { mentions: readonly string[] },
): Promise<{ message: ChatMessage; stored: boolean; settle: boolean }> {
  const { senderId, receiverId: groupId } = message;
  const store = () =>
    db.query<MessageRow & { inserted: boolean; settle: boolean }>(
      `WITH may AS (
         -- A member now, and an admin where only admins send.
         SELECT m.joined_after, m.delivered_up_to, m.read_up_to FROM group_members m JOIN groups g ON g.id = m.group_id
         WHERE m.group_id = $1 AND m.user_id = $2 AND m.left_after IS NULL AND (NOT g.only_admins_send OR m.role = 'admin')
       ), quoted AS (
         SELECT messages.id, sender_id, text, image, file FROM messages JOIN may ON messages.id > may.joined_after
         WHERE messages.id = $5::bigint AND group_id = $1 AND deleted_at IS NULL
       ), earlier AS (
         -- A retry: the message its first send stored. It stores nothing, and moves nothing: no number is skipped.
         SELECT * FROM messages WHERE sender_id = $2 AND client_message_id = $4 AND EXISTS (SELECT 1 FROM may)
       ), numbered AS (
         ${nextInGroup('$1', 'EXISTS (SELECT 1 FROM may) AND NOT EXISTS (SELECT 1 FROM earlier) AND ($5::bigint IS NULL OR EXISTS (SELECT 1 FROM quoted))')}
       ), inserted AS (
         INSERT INTO messages (id, sender_id, receiver_id, group_id, text, client_message_id, reply_to_id, reply_to_sender, reply_to_text,
           reply_to_image, reply_to_file_name, has_link, mentions, image, file, forwarded, media_bytes, no_link_preview, group_seq)
         OVERRIDING SYSTEM VALUE
         SELECT numbered.id, $2, $1, $1, $3, $4, quoted.id, quoted.sender_id, quoted.text, quoted.image, quoted.file ->> 'name', $6,
           -- Only the group's members are mentioned: another id is dropped. Each id is looked up by
           -- its key (OFFSET 0 keeps the kept plan from reading all the group's members instead).
           (SELECT array_agg(DISTINCT m.user_id) FROM unnest($7::uuid[]) AS mentioned(id) CROSS JOIN LATERAL (
              SELECT user_id FROM group_members WHERE group_id = $1 AND user_id = mentioned.id AND left_after IS NULL OFFSET 0
            ) m),
           $8, $9::jsonb, $10, $11, $12, numbered.seq
         FROM numbered LEFT JOIN quoted ON true
         RETURNING *
       ), moved AS (
         -- Joined to the group's move, the sender's row is locked after the group's, as every send
         -- locks them: two sends of one sender cannot wait for each other.
         UPDATE group_members m SET delivered_up_to = numbered.id, read_up_to = numbered.id FROM numbered
         WHERE m.group_id = $1 AND m.user_id = $2
       ), logged AS (
         INSERT INTO group_receipts (group_id, user_id, read, up_to, at)
         SELECT $1, $2, read, id, now() FROM numbered CROSS JOIN (VALUES (false), (true)) AS kind(read)
         ON CONFLICT DO NOTHING
       )
       SELECT ${MESSAGE_COLUMNS}, true AS inserted,
         (SELECT may.delivered_up_to <= numbered.group_d OR may.read_up_to <= numbered.group_r FROM may, numbered) AS settle
       FROM inserted
       UNION ALL
       SELECT ${MESSAGE_COLUMNS}, false, false FROM earlier`,
      [
        groupId,
        senderId,
        message.text,
        message.clientMessageId,
        message.replyToId,
        linksIn(message.text).length > 0,
        message.mentions,
        message.image,
        message.file && JSON.stringify(message.file),
        message.forwarded,
        message.mediaBytes,
        message.noLinkPreview,
      ],
      // Every step a lookup by key: planned for each send, planning cost more than the run (PGlite
      // 2.0–2.3 → 1.0–1.2 ms a send, Postgres 1.4–1.9 → 0.8–1.3).
      { plan: 'generic' },
    );
  // A retry made while its first send was being stored finds the first stored once it is refused
  // (the whole statement undone: the group not moved).
  const rows = await store().catch((error: unknown) => {
    if ((error as { code?: string }).code !== UNIQUE_VIOLATION) throw error;
    return store();
  });
  const row = rows[0];
  if (!row) {
    // Refused: say why (no longer a member, only admins send), else the reply is not one of the group's.
    await requireMayPost(db, groupId, senderId);
    throw badRequest(MESSAGE_ERRORS.replyElsewhere);
  }
  const { inserted, settle, ...stored } = row;
  return { message: toMessage(stored), stored: inserted, settle };
}

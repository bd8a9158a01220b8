import { GROUP_ERRORS, MAX_GROUP_MEMBERS, type GroupRole, type SystemEvent, type UpdateGroupBody } from '@chat/contracts';
import type { Database, Queryable } from '@chat/database';
import { badRequest, forbidden, notFound } from '@chat/kernel';
import type { ChatMessage } from '../conversations/messages.js';
import { enqueueMembership } from './group-events.js';
import {
  closeWindow,
  enrol,
  insertSystemMessage,
  lockGroup,
  membershipOf,
  newInviteCode,
  recountMembers,
  requireMember,
  requireRoomForGroups,
  startAt,
  type GroupRules,
} from './groups.js';

/**
 * Changes the group's info (any member, or only admins when the group says so) and its rules
 * (admins): each change that changes something is a line of the group, returned in order.
 */
export async function updateGroup(db: Database, groupId: string, userId: string, change: UpdateGroupBody): Promise<ChatMessage[]> {
  return db.transaction(async (tx) => {
    const membership = await requireMember(tx, groupId, userId);
    const rules = await lockGroup(tx, groupId);
    const admin = membership.role === 'admin';
    const editsInfo = change.name !== undefined || change.description !== undefined;
    if (editsInfo && rules.onlyAdminsEdit && !admin) throw forbidden(GROUP_ERRORS.onlyAdminsEdit);
    const changesRules = change.onlyAdminsSend !== undefined || change.onlyAdminsEdit !== undefined;
    if (changesRules && !admin) throw forbidden(GROUP_ERRORS.notAdmin);
    const next: GroupRules = {
      name: change.name?.trim() ?? rules.name,
      description: change.description?.trim() ?? rules.description,
      onlyAdminsSend: change.onlyAdminsSend ?? rules.onlyAdminsSend,
      onlyAdminsEdit: change.onlyAdminsEdit ?? rules.onlyAdminsEdit,
    };
    const events: SystemEvent[] = [];
    if (next.name !== rules.name) events.push({ kind: 'renamed', actorId: userId, name: next.name });
    if (next.description !== rules.description) events.push({ kind: 'described', actorId: userId });
    if (next.onlyAdminsSend !== rules.onlyAdminsSend || next.onlyAdminsEdit !== rules.onlyAdminsEdit)
      events.push({ kind: 'rules', actorId: userId, onlyAdminsSend: next.onlyAdminsSend, onlyAdminsEdit: next.onlyAdminsEdit });
    if (events.length === 0) return [];
    await tx.query('UPDATE groups SET name = $2, description = $3, only_admins_send = $4, only_admins_edit = $5 WHERE id = $1', [
      groupId,
      next.name,
      next.description,
      next.onlyAdminsSend,
      next.onlyAdminsEdit,
    ]);
    const lines: ChatMessage[] = [];
    for (const event of events) lines.push(await insertSystemMessage(tx, groupId, userId, event));
    return lines;
  });
}

/**
 * Gives the group a new picture (its URL), or none (`''`), by a member who may edit its info; a line
 * of the group says so. Answers the line (none when there was no picture to remove) and the
 * picture it had, which nobody sees any more.
 */
export async function setPicture(
  db: Database,
  groupId: string,
  userId: string,
  picture: string,
): Promise<{ line: ChatMessage | null; before: string }> {
  return db.transaction(async (tx) => {
    const membership = await requireMember(tx, groupId, userId);
    const rules = await lockGroup(tx, groupId);
    if (rules.onlyAdminsEdit && membership.role !== 'admin') throw forbidden(GROUP_ERRORS.onlyAdminsEdit);
    const [current] = await tx.query<{ picture: string }>('SELECT picture FROM groups WHERE id = $1', [groupId]);
    const before = current?.picture ?? '';
    if (!picture && !before) return { line: null, before };
    await tx.query('UPDATE groups SET picture = $2 WHERE id = $1', [groupId, picture]);
    const event: SystemEvent = { kind: 'picture', actorId: userId, ...(picture ? {} : { removed: true as const }) };
    return { line: await insertSystemMessage(tx, groupId, userId, event), before };
  });
}

/** An admin makes a member an admin, or an admin a member again; a group keeps at least one admin. */
export async function setRole(
  db: Database,
  groupId: string,
  adminId: string,
  userId: string,
  role: GroupRole,
): Promise<ChatMessage | null> {
  return db.transaction(async (tx) => {
    await lockGroup(tx, groupId);
    await requireMember(tx, groupId, adminId, { admin: true });
    const member = await membershipOf(tx, groupId, userId);
    if (!member || member.leftAfter !== null) throw notFound(GROUP_ERRORS.notMember);
    if (member.role === role) return null;
    if (role === 'member') {
      const admins = await tx.query<{ admins: number }>(
        `SELECT count(*)::int AS admins FROM group_members WHERE group_id = $1 AND left_after IS NULL AND role = 'admin'`,
        [groupId],
      );
      if ((admins[0]?.admins ?? 0) <= 1) throw badRequest(GROUP_ERRORS.lastAdmin);
    }
    await tx.query('UPDATE group_members SET role = $3 WHERE group_id = $1 AND user_id = $2', [groupId, userId, role]);
    return insertSystemMessage(tx, groupId, adminId, {
      kind: role === 'admin' ? 'promoted' : 'demoted',
      actorId: adminId,
      userIds: [userId],
    });
  });
}

/** The code of the group's invite link (admins); `reset` makes a new one, and the old one stops working. */
export async function inviteCode(db: Queryable, groupId: string, adminId: string, { reset = false } = {}): Promise<string> {
  await requireMember(db, groupId, adminId, { admin: true });
  const rows = reset
    ? await db.query<{ code: string }>('UPDATE groups SET invite_code = $2 WHERE id = $1 RETURNING invite_code AS code', [
        groupId,
        newInviteCode(),
      ])
    : await db.query<{ code: string }>('SELECT invite_code AS code FROM groups WHERE id = $1', [groupId]);
  return rows[0]!.code;
}

/** Joins the group of an invite link: a line says so, and they see the group from it. A member already in it just gets it. */
export async function joinByCode(db: Database, code: string, userId: string): Promise<{ groupId: string; line: ChatMessage | null }> {
  const found = await db.query<{ groupId: string }>('SELECT id::text AS "groupId" FROM groups WHERE invite_code = $1', [code]);
  const groupId = found[0]?.groupId;
  if (!groupId) throw notFound(GROUP_ERRORS.badInvite);
  await requireRoomForGroups(db, [userId]);
  return db.transaction(async (tx) => {
    await lockGroup(tx, groupId);
    const joined = await enrol(tx, groupId, [userId], 'member');
    if (joined.length === 0) return { groupId, line: null };
    if ((await recountMembers(tx, groupId)) > MAX_GROUP_MEMBERS) throw badRequest(GROUP_ERRORS.full);
    const line = await insertSystemMessage(tx, groupId, userId, { kind: 'joined', actorId: userId });
    await startAt(tx, groupId, joined, line);
    await enqueueMembership(tx, groupId, { added: joined, lines: [line] });
    return { groupId, line };
  });
}

/**
 * Someone who deleted their account leaves every group they were in, as if they left ("left"): the
 * others keep what they wrote. Their group's only admin hands the role to the member longest in it
 * first, as WhatsApp does, so no group is left without one. Answers the groups they left, whose
 * lines wait in the membership outbox.
 */
export async function leaveEveryGroup(db: Database, userId: string): Promise<string[]> {
  const groups = await db.query<{ groupId: string }>(
    'SELECT group_id::text AS "groupId" FROM group_members WHERE user_id = $1 AND left_after IS NULL ORDER BY group_id',
    [userId],
  );
  const left: string[] = [];
  for (const { groupId } of groups) {
    const leaves = await db.transaction(async (tx) => {
      await lockGroup(tx, groupId);
      const member = await membershipOf(tx, groupId, userId);
      if (!member || member.leftAfter !== null) return false;
      const [heir] = await tx.query<{ userId: string }>(
        `SELECT user_id::text AS "userId" FROM group_members m
         WHERE group_id = $1 AND left_after IS NULL AND user_id <> $2 AND $3 = 'admin'
           AND NOT EXISTS (SELECT 1 FROM group_members a WHERE a.group_id = $1 AND a.left_after IS NULL AND a.role = 'admin' AND a.user_id <> $2)
         ORDER BY joined_at, user_id LIMIT 1`,
        [groupId, userId, member.role],
      );
      if (heir) {
        await tx.query(`UPDATE group_members SET role = 'admin' WHERE group_id = $1 AND user_id = $2`, [groupId, heir.userId]);
        const promoted = await insertSystemMessage(tx, groupId, userId, { kind: 'promoted', actorId: userId, userIds: [heir.userId] });
        await enqueueMembership(tx, groupId, { lines: [promoted] });
      }
      await closeWindow(tx, groupId, userId, { kind: 'left', actorId: userId });
      return true;
    });
    if (leaves) left.push(groupId);
  }
  return left;
}

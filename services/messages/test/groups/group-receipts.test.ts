import { randomUUID } from 'node:crypto';
import type { GroupReceipts } from '@chat/contracts';
import { migrate } from '@chat/database';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DEADLINE_MS, databaseImplementations, eventually, withDeadline } from '#test-support';
import { upsertContact } from '../../src/contacts/contacts.js';
import { createGroupReceipts, recordGroupMoves, settleGroupReceipts } from '../../src/groups/group-receipts.js';
import { createGroup, insertGroupMessage, lockGroup } from '../../src/groups/groups.js';
import { messagesMigrations } from '../../src/migrations.js';
import { textMessage } from '../text-message.js';
import { groupOfMembers } from './group-of-members.js';

/** A settle that fails is logged, not thrown: none fails here. */
const silentLog = pino({ level: 'silent' });

// PGlite runs one statement at a time: two sessions taking locks meet on a real server only.
const onPostgres = databaseImplementations.filter(([name]) => name === 'Postgres');

describe.each(onPostgres)('receipts in a group on %s', (_name, testDatabase) => {
  it('records and settles a member’s receipts while an admin changes the group, which goes on after them', async () => {
    const db = await testDatabase();
    await migrate(db, 'messages', messagesMigrations);
    const [ann, ben] = [randomUUID(), randomUUID()];
    await upsertContact(db, { _id: ann, fullName: 'Ann', profilePic: '' });
    await upsertContact(db, { _id: ben, fullName: 'Ben', profilePic: '' });
    const { groupId, lines } = await createGroup(db, ann, { name: 'Crew', description: '', memberIds: [ben] });
    const upTo = lines.at(-1)!._id;
    const at = new Date().toISOString();

    // An admin making Ben an admin holds the group's row while Ben's app reports what he read.
    await db.transaction(async (tx) => {
      await lockGroup(tx, groupId);
      const moved = await withDeadline(
        recordGroupMoves(db, [
          { groupId, userId: ben, upTo, read: true, at },
          { groupId, userId: ann, upTo, read: true, at },
        ]),
        DEFAULT_DEADLINE_MS,
        'Ben’s and Ann’s reads recorded while the group is being changed',
      );
      expect(moved).toEqual([groupId]);
      await tx.query(`UPDATE group_members SET role = 'admin' WHERE group_id = $1 AND user_id = $2`, [groupId, ben]);
    });
    expect(await settleGroupReceipts(db, groupId, at)).toEqual({ groupId, deliveredUpTo: upTo, readUpTo: upTo, at });
    await db.close();
  });
});

describe.each(databaseImplementations)('a group’s receipts on %s', (_name, testDatabase) => {
  it('records every move of more members at once than one transaction takes, and settles the group once they all have it', async () => {
    const { db, members, groupId, lines } = await groupOfMembers(testDatabase, 70, 'Crowd');
    const upTo = lines.at(-1)!._id;
    const told: GroupReceipts[] = [];
    const receipts = createGroupReceipts({
      db,
      events: { message: async () => {}, updated: async () => {}, receipts: async (receipt) => void told.push(receipt) },
      log: silentLog,
    });

    // Every member's app reports at once: one batch.
    const at = new Date().toISOString();
    await Promise.all(members.map((userId) => receipts.moved({ groupId, userId, upTo, read: true, at })));
    const [cursors] = await db.query<{ moved: number }>(
      'SELECT count(*)::int AS moved FROM group_members WHERE group_id = $1 AND delivered_up_to = $2 AND read_up_to = $2',
      [groupId, upTo],
    );
    expect(cursors?.moved).toBe(members.length);
    await eventually(() => told.length > 0, 'the group’s receipts told');
    expect(told).toEqual([{ groupId, deliveredUpTo: upTo, readUpTo: upTo, at: expect.any(String) }]);
    receipts.stop();
    await db.close();
  });

  it('settles a group whose receipts were left behind (the process stopped before it settled) at any member’s next move', async () => {
    const { db, members, groupId, lines } = await groupOfMembers(testDatabase, 3, 'Trio');
    const [ann, ben, cat] = members as [string, string, string];
    const at = new Date().toISOString();
    // Every member read the group up to its last line, recorded, but the process stopped before the settle.
    const upTo = lines.at(-1)!._id;
    await recordGroupMoves(
      db,
      [ann, ben, cat].map((userId) => ({ groupId, userId, upTo, read: true, at })),
    );
    const told: GroupReceipts[] = [];
    const receipts = createGroupReceipts({
      db,
      events: { message: async () => {}, updated: async () => {}, receipts: async (receipt) => void told.push(receipt) },
      log: silentLog,
    });

    // Ann writes and Ben's app has it: neither held the group back, yet the group is settled with it.
    const { message } = await insertGroupMessage(db, { ...textMessage(ann, groupId, 'Still there?', randomUUID()), mentions: [] });
    await receipts.moved({ groupId, userId: ben, upTo: message._id, read: false, at });
    await eventually(() => told.length > 0, 'the group’s receipts told');
    expect(told).toEqual([{ groupId, deliveredUpTo: upTo, readUpTo: upTo, at: expect.any(String) }]);
    receipts.stop();
    await db.close();
  });
});

import { randomUUID } from 'node:crypto';
import { migrate } from '@chat/database';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DEADLINE_MS, databaseImplementations, withDeadline } from '#test-support';
import { upsertContact } from '../../src/contacts/contacts.js';
import { recordGroupMoves, settleGroupReceipts } from '../../src/groups/group-receipts.js';
import { createGroup, lockGroup } from '../../src/groups/groups.js';
import { messagesMigrations } from '../../src/migrations.js';

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
    expect(await settleGroupReceipts(db, [groupId], at)).toEqual([{ groupId, deliveredUpTo: upTo, readUpTo: upTo, at }]);
    await db.close();
  });
});

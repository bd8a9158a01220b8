import { randomUUID } from 'node:crypto';
import { migrate, type Database } from '@chat/database';
import { upsertContact } from '../../src/contacts/contacts.js';
import { createGroup } from '../../src/groups/groups.js';
import { messagesMigrations } from '../../src/migrations.js';

/** A migrated database with a group of `count` people (the first its creator), and its first lines. */
export async function groupOfMembers(testDatabase: () => Promise<Database>, count: number, name = 'Crew') {
  const db = await testDatabase();
  await migrate(db, 'messages', messagesMigrations);
  const members = Array.from({ length: count }, () => randomUUID());
  for (const [i, id] of members.entries()) await upsertContact(db, { _id: id, fullName: `Member ${i}`, profilePic: '' });
  const { groupId, lines } = await createGroup(db, members[0]!, { name, description: '', memberIds: members.slice(1) });
  return { db, members, groupId, lines };
}

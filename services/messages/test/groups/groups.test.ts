import { randomUUID } from 'node:crypto';
import { migrate, type Database } from '@chat/database';
import { describe, expect, it } from 'vitest';
import { databaseImplementations, eventually } from '#test-support';
import { upsertContact } from '../../src/contacts/contacts.js';
import { recordGroupMoves, settleGroupReceipts } from '../../src/groups/group-receipts.js';
import { createGroup, insertGroupMessage, lockGroup } from '../../src/groups/groups.js';
import { messagesMigrations } from '../../src/migrations.js';
import { textMessage } from '../text-message.js';
import { groupOfMembers } from './group-of-members.js';

// PGlite runs one statement at a time: sends waiting on each other meet on a real server only.
const onPostgres = databaseImplementations.filter(([name]) => name === 'Postgres');

const SENDS = 300;
const TRIES = 6;
const WAITING_FOR_A_LOCK = `SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`;

const textTo = (groupId: string, senderId: string, text: string, clientMessageId: string = randomUUID()) => ({
  ...textMessage(senderId, groupId, text, clientMessageId),
  mentions: [],
});

/** The group's messages' numbers in the order stored, and where the group says it ends. */
async function numbering(db: Database, groupId: string) {
  const stored = await db.query<{ id: string; seq: number }>(
    'SELECT id::text, group_seq::int AS seq FROM messages WHERE group_id = $1 ORDER BY messages.id',
    [groupId],
  );
  const [group] = await db.query<{ lastMessageId: string; lastSeq: number }>(
    'SELECT last_message_id::text AS "lastMessageId", last_seq::int AS "lastSeq" FROM groups WHERE id = $1',
    [groupId],
  );
  return { stored, group };
}

describe.each(onPostgres)('sends to one group on %s', (_name, testDatabase) => {
  it('stores every send made at once, numbered one after the other in the order stored, the group ending at the last', async () => {
    const { db, members, groupId } = await groupOfMembers(testDatabase, 8, 'Busy');

    // As many at once as the pool holds connections, while the members' receipts move the group
    // too, and each send that moved cursors holding the group back settles it, as the app's do:
    // each waits its turn on the group's row.
    let sending = true;
    const receipts = (async () => {
      while (sending) {
        const [last] = await db.query<{ id: string }>('SELECT last_message_id::text AS id FROM groups WHERE id = $1', [groupId]);
        const at = new Date().toISOString();
        await recordGroupMoves(
          db,
          members.map((userId) => ({ groupId, userId, upTo: last!.id, read: true, at })),
        );
        await settleGroupReceipts(db, groupId, at);
      }
    })();
    const results = await Promise.allSettled(
      Array.from({ length: SENDS }, async (_, i) => {
        const sent = await insertGroupMessage(db, textTo(groupId, members[i % members.length]!, `message ${i}`));
        if (sent.settle) await settleGroupReceipts(db, groupId, new Date().toISOString());
      }),
    );
    sending = false;
    await receipts;
    const refused = results.flatMap((result) => (result.status === 'rejected' ? [String(result.reason)] : []));
    expect(refused).toEqual([]);

    const { stored, group } = await numbering(db, groupId);
    expect(stored.map(({ seq }) => seq)).toEqual(stored.map((_, i) => i + 1));
    expect(group).toEqual({ lastMessageId: stored.at(-1)!.id, lastSeq: stored.length });
    await db.close();
  });

  it('stores a send retried while its first try is being stored once, and answers every try with it', async () => {
    const db = await testDatabase();
    await migrate(db, 'messages', messagesMigrations);
    const [ann, ben] = [randomUUID(), randomUUID()];
    await upsertContact(db, { _id: ann, fullName: 'Ann', profilePic: '' });
    await upsertContact(db, { _id: ben, fullName: 'Ben', profilePic: '' });
    const { groupId } = await createGroup(db, ann, { name: 'Retries', description: '', memberIds: [ben] });

    // Every try starts while an admin's change holds the group, so none sees the message yet, then
    // they take turns: the first stores it, the others find it once the database refuses theirs.
    const clientMessageId = randomUUID();
    const { sent } = await db.transaction(async (tx) => {
      await lockGroup(tx, groupId);
      const sent = Promise.all(Array.from({ length: TRIES }, () => insertGroupMessage(db, textTo(groupId, ann, 'once', clientMessageId))));
      await eventually(
        async () => (await db.query<{ waiting: number }>(WAITING_FOR_A_LOCK))[0]!.waiting >= TRIES,
        `the ${TRIES} tries to wait for the group`,
      );
      return { sent };
    });
    const tries = await sent;
    expect(new Set(tries.map((tried) => tried.message._id)).size).toBe(1);
    expect(tries.filter((tried) => tried.stored)).toHaveLength(1);
    const { stored, group } = await numbering(db, groupId);
    expect(stored.map(({ seq }) => seq)).toEqual(stored.map((_, i) => i + 1));
    expect(group).toEqual({ lastMessageId: tries[0]!.message._id, lastSeq: stored.length });
    await db.close();
  });
});

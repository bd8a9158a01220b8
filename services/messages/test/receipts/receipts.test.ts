import { randomUUID } from 'node:crypto';
import { migrate } from '@chat/database';
import { describe, expect, it } from 'vitest';
import { databaseImplementations } from '#test-support';
import { upsertContact } from '../../src/contacts/contacts.js';
import { createMessageWriter } from '../../src/conversations/message-writer.js';
import { messagesMigrations } from '../../src/migrations.js';
import { recordReads } from '../../src/receipts/receipts.js';
import { textMessage } from '../text-message.js';

describe.each(databaseImplementations)('recording reads on %s', (_name, testDatabase) => {
  it('records reads of one batch in one statement: each pair moves once, an unknown sender is named', async () => {
    const db = await testDatabase();
    await migrate(db, 'messages', messagesMigrations);
    const [ann, ben, cy] = [randomUUID(), randomUUID(), randomUUID()];
    for (const [id, name] of [
      [ann, 'Ann'],
      [ben, 'Ben'],
      [cy, 'Cy'],
    ])
      await upsertContact(db, { _id: id!, fullName: name!, profilePic: '' });
    const writer = createMessageWriter(db);
    const send = async (from: string, to: string) => {
      const result = await writer.insert(textMessage(from, to, 'hi'));
      if (result.status !== 'stored') throw new Error('not stored');
      return result.message._id;
    };
    const fromAnn = await send(ann, ben);
    const fromCy = await send(cy, ben);
    const at = new Date().toISOString();
    const outcomes = await recordReads(
      db,
      [
        { reader: ben, senderId: ann, upTo: fromAnn },
        { reader: ben, senderId: ann, upTo: fromAnn },
        { reader: ben, senderId: cy, upTo: fromCy },
        { reader: ben, senderId: randomUUID(), upTo: fromCy },
      ],
      at,
    );
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['read', 'unchanged', 'read', 'unknown-sender']);
    expect(outcomes[0]).toEqual({
      status: 'read',
      receipt: { userId: ben, senderId: ann, upTo: fromAnn, at },
      deliveredToo: true,
      reported: true,
    });
    expect((await recordReads(db, [{ reader: ben, senderId: ann, upTo: fromAnn }], at))[0]).toEqual({ status: 'unchanged' });
    await db.close();
  });
});

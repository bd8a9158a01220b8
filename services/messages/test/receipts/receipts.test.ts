import { randomUUID } from 'node:crypto';
import { createInProcessBus } from '@chat/bus';
import { subjects, type MessageReceipt, type UserEvent } from '@chat/contracts';
import { migrate, type Database } from '@chat/database';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { databaseImplementations } from '#test-support';
import { upsertContact } from '../../src/contacts/contacts.js';
import { createMessageWriter } from '../../src/conversations/message-writer.js';
import { messagesMigrations } from '../../src/migrations.js';
import { createReceipts, recordDelivered, recordReads } from '../../src/receipts/receipts.js';
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
      more: false,
    });
    expect((await recordReads(db, [{ reader: ben, senderId: ann, upTo: fromAnn }], at))[0]).toEqual({ status: 'unchanged' });
    await db.close();
  });

  it('stamps a backlog a slice a statement (at most the slice of the sender’s messages each), each slice’s receipt told as it lands, to the last', async () => {
    const db = await testDatabase();
    await migrate(db, 'messages', messagesMigrations);
    const [ann, ben] = [randomUUID(), randomUUID()];
    await upsertContact(db, { _id: ann, fullName: 'Ann', profilePic: '' });
    await upsertContact(db, { _id: ben, fullName: 'Ben', profilePic: '' });
    const writer = createMessageWriter(db);
    const sent: string[] = [];
    for (let i = 0; i < 7; i += 1) {
      const result = await writer.insert(textMessage(ann, ben, `backlog ${i}`));
      if (result.status !== 'stored') throw new Error('not stored');
      sent.push(result.message._id);
    }
    const at = new Date().toISOString();
    // One statement: three of Ann's seven, and more left.
    const [first] = await recordDelivered(db, [{ userId: ben, senderId: ann, upTo: sent[6]!, at }], 3);
    expect(first).toEqual({ userId: ben, senderId: ann, upTo: sent[2], at, more: true });
    const [read] = await recordReads(db, [{ reader: ben, senderId: ann, upTo: sent[6]! }], at, 3);
    expect(read).toMatchObject({ status: 'read', receipt: { upTo: sent[2] }, more: true });

    // The service goes on, a statement a slice, telling each: Ben's read reaches Ann's last message.
    const { statements, counted } = countingStatements(db);
    const bus = createInProcessBus(() => undefined);
    const told: MessageReceipt[] = [];
    bus.subscribe(subjects.userEvents(ann), (payload) => {
      const event = JSON.parse(payload) as UserEvent;
      if (event.event === 'messagesRead') told.push(event.payload);
    });
    const receipts = createReceipts({ db: counted, bus, log: pino({ level: 'silent' }), stampsPerStatement: 3 });
    await expect(receipts.read({ reader: ben, senderId: ann, upTo: sent[6]! })).resolves.toBe('done');
    expect(told.map((receipt) => receipt.upTo)).toEqual([sent[5], sent[6]]);
    expect(statements.filter((text) => text.includes('sliced AS'))).toHaveLength(2);
    const stamps = await db.query<{ read: number }>(
      'SELECT count(*)::int AS read FROM messages WHERE sender_id = $1 AND read_at IS NOT NULL AND delivered_at IS NOT NULL',
      [ann],
    );
    expect(stamps[0]!.read).toBe(7);
    await db.close();
  });
});

/** The database, with every statement's text noted as it is asked. */
function countingStatements(db: Database): { statements: string[]; counted: Database } {
  const statements: string[] = [];
  const counted = Object.create(db) as Database;
  counted.query = (text: string, params?: unknown[]) => {
    statements.push(text);
    return db.query(text, params);
  };
  return { statements, counted };
}

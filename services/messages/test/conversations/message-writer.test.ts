import { randomUUID } from 'node:crypto';
import { migrate } from '@chat/database';
import { describe, expect, it } from 'vitest';
import { databaseImplementations } from '#test-support';
import { upsertContact } from '../../src/contacts/contacts.js';
import { createMessageWriter } from '../../src/conversations/message-writer.js';
import { messagesMigrations } from '../../src/migrations.js';
import { textMessage } from '../text-message.js';

describe.each(databaseImplementations)('the message writer on %s', (_name, testDatabase) => {
  it('stores sends made together in one batch, in order, and tells each caller what became of its own', async () => {
    const db = await testDatabase();
    await migrate(db, 'messages', messagesMigrations);
    const [ann, ben] = [randomUUID(), randomUUID()];
    for (const [id, name] of [
      [ann, 'Ann'],
      [ben, 'Ben'],
    ])
      await upsertContact(db, { _id: id!, fullName: name!, profilePic: '' });
    const writer = createMessageWriter(db);
    const retried = randomUUID();
    const send = (text: string, receiverId = ben, clientMessageId: string | null = null) =>
      writer.insert(textMessage(ann, receiverId, text, clientMessageId));

    const results = await Promise.all([
      send('one'),
      send('to nobody', randomUUID()),
      send('ok', ben, retried),
      send('ok', ben, retried),
      send('ok'),
      send('ok'),
      send('last'),
    ]);
    expect(results.map((result) => result.status)).toEqual([
      'stored',
      'unknown-receiver',
      'stored',
      'duplicate',
      'stored',
      'stored',
      'stored',
    ]);
    const [first, , firstAttempt, repeat] = results;
    expect(repeat).toEqual({ ...firstAttempt, status: 'duplicate' });
    const ids = results.flatMap((result) => (result.status === 'stored' ? [Number(result.message._id)] : []));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(5);
    expect(first).toMatchObject({ message: { senderId: ann, receiverId: ben, text: 'one', image: null, createdAt: expect.any(String) } });
    const stored = await db.query<{ text: string }>('SELECT text FROM messages ORDER BY id');
    expect(stored.map((row) => row.text)).toEqual(['one', 'ok', 'ok', 'ok', 'last']);
    await db.close();
  });

  it('answers a retry of a stored message with the first attempt’s message', async () => {
    const db = await testDatabase();
    await migrate(db, 'messages', messagesMigrations);
    const [ann, ben] = [randomUUID(), randomUUID()];
    for (const [id, name] of [
      [ann, 'Ann'],
      [ben, 'Ben'],
    ])
      await upsertContact(db, { _id: id!, fullName: name!, profilePic: '' });
    const writer = createMessageWriter(db);
    const clientMessageId = randomUUID();
    const first = await writer.insert(textMessage(ann, ben, 'hi', clientMessageId));
    const retry = await writer.insert(textMessage(ann, ben, 'hi', clientMessageId));
    expect(first.status).toBe('stored');
    expect(retry).toEqual({ status: 'duplicate', message: first.status === 'stored' ? first.message : null });
    await db.close();
  });
});

import { randomUUID } from 'node:crypto';
import { migrate, type Database } from '@chat/database';
import { createInProcessPresence, type Presence } from '@chat/presence';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eventually, testDatabase } from '#test-support';
import { upsertContact } from '../../src/contacts/contacts.js';
import { messagesMigrations } from '../../src/migrations.js';
import { mirrorOnlineContacts } from '../../src/contacts/online-contacts.js';

const silent = pino({ level: 'silent' });

describe('contacts.online, as presence says', () => {
  let db: Database;
  let presence: Presence;
  let mirror: ReturnType<typeof mirrorOnlineContacts> | undefined;
  beforeAll(async () => {
    db = await testDatabase();
    await migrate(db, 'messages', messagesMigrations);
  });
  afterAll(() => db.close());
  beforeEach(() => {
    presence = createInProcessPresence();
  });
  afterEach(async () => {
    await mirror?.stop();
    mirror = undefined;
  });

  const contact = async (fullName: string) => {
    const id = randomUUID();
    await upsertContact(db, { _id: id, fullName, profilePic: '' });
    return id;
  };
  const isOnline = async (userId: string) =>
    (await db.query<{ online: boolean }>('SELECT online FROM contacts WHERE user_id = $1', [userId]))[0]?.online;
  const start = () => {
    mirror = mirrorOnlineContacts(db, presence, silent, { writeDelayMs: 0, reconcileEveryMs: 3_600_000 });
    return mirror;
  };

  it('mends at start what changed while no replica was there to hear it', async () => {
    const [left, arrived, stayed] = [await contact('Left Mirror'), await contact('Arrived Mirror'), await contact('Stayed Mirror')];
    await db.query('UPDATE contacts SET online = true WHERE user_id = ANY($1::uuid[])', [[left, stayed]]);
    await presence.connect(arrived);
    await presence.connect(stayed);
    await start().reconcile();
    expect([await isOnline(left), await isOnline(arrived), await isOnline(stayed)]).toEqual([false, true, true]);
  });

  it('follows each change, and ends as presence is however quickly someone comes and goes', async () => {
    const ann = await contact('Ann Mirror');
    start();
    await presence.connect(ann);
    await eventually(async () => (await isOnline(ann)) === true, 'Ann flagged online');
    await presence.connect(ann);
    await presence.disconnect(ann);
    expect(await isOnline(ann)).toBe(true);
    await presence.disconnect(ann);
    await presence.connect(ann);
    await presence.disconnect(ann);
    await eventually(async () => (await isOnline(ann)) === false, 'Ann flagged offline');
  });

  it('flags someone online whose contact is made after they came online', async () => {
    const id = randomUUID();
    await presence.connect(id);
    const mirror = start();
    await upsertContact(db, { _id: id, fullName: 'Late Mirror', profilePic: '' });
    expect(await isOnline(id)).toBe(false);
    mirror.recheck(id);
    await eventually(async () => (await isOnline(id)) === true, 'the new contact flagged online');
  });
});

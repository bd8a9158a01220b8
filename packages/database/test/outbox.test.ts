import { createInProcessBus } from '@chat/bus';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { databaseImplementations, eventually } from '#test-support';
import { migrate } from '../src/migrations.js';
import { outbox } from '../src/outbox.js';

const events = outbox('test_outbox');

describe.each(databaseImplementations)('the outbox on %s', (_name, testDatabase) => {
  it('reports how long its oldest event has waited while the bus refuses it, and 0 once it is out', async () => {
    const db = await testDatabase();
    await migrate(db, 'outbox-test', [events.migration(1)]);
    const received: string[] = [];
    let accepting = false;
    const bus = createInProcessBus(() => undefined);
    await bus.consumeEvents('things', 'test', (payload) => {
      if (!accepting) throw new Error('not now');
      received.push(payload);
    });
    const relay = events.startRelay(db, bus, pino({ level: 'silent' }), 60_000);
    try {
      expect(await relay.oldestWaitSeconds()).toBe(0);
      await db.transaction((tx) => events.enqueue(tx, 'things', { n: 1 }));
      await expect(relay.flush()).rejects.toThrow();
      await eventually(async () => (await relay.oldestWaitSeconds()) > 0, 'the waiting event ageing');
      accepting = true;
      await relay.flush();
      expect(received).toEqual([JSON.stringify({ n: 1 })]);
      expect(await relay.oldestWaitSeconds()).toBe(0);
    } finally {
      relay.stop();
      await db.close();
    }
  });

  it('relays a live outbox’s events, in order, to whoever listens now: no stream keeps them', async () => {
    const db = await testDatabase();
    const live = outbox('live_outbox', { live: true });
    await migrate(db, 'live-outbox-test', [live.migration(1)]);
    const bus = createInProcessBus(() => undefined);
    const heard: string[] = [];
    bus.subscribe('sockets.of.ann', (payload) => void heard.push(payload));
    const relay = live.startRelay(db, bus, pino({ level: 'silent' }), 60_000);
    try {
      await db.transaction(async (tx) => {
        await live.enqueueAll(
          tx,
          [1, 2, 3, 4, 5].map((n) => ({ subject: n === 2 ? 'sockets.of.nobody' : 'sockets.of.ann', payload: { n } })),
        );
        await live.enqueue(tx, 'sockets.of.ann', { n: 6 });
      });
      await db
        .transaction(async (tx) => {
          await live.enqueue(tx, 'sockets.of.ann', { n: 4 });
          throw new Error('rolled back: never published');
        })
        .catch(() => undefined);
      await relay.flush();
      expect(heard).toEqual([1, 3, 4, 5, 6].map((n) => JSON.stringify({ n })));
      expect(await relay.oldestWaitSeconds(), 'none left waiting, the one nobody heard included').toBe(0);
    } finally {
      relay.stop();
      await db.close();
    }
  });
});

import { setTimeout as pause } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '@chat/database/postgres';
import { createTestPostgresDatabase, eventually, startTcpProxy, throughProxy } from '#test-support';

describe('the Postgres adapter', () => {
  it('fails a transaction whose connection is lost between its statements, and the process goes on', async () => {
    const { url, drop } = await createTestPostgresDatabase();
    const target = new URL(url);
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port) });
    const db = createPostgresDatabase(throughProxy(url, proxy));
    try {
      const outcome = db.transaction(async (tx) => {
        await tx.query('SELECT 1');
        // The server goes away while the transaction's work is between statements (as the search
        // indexer's is between its reads and writes): the client hears it with no query running.
        proxy.cut();
        await pause(200);
        await tx.query('SELECT 2');
      });
      await expect(outcome).rejects.toMatchObject({ statusCode: 503 });
      proxy.restore();
      expect(await db.query<{ one: number }>('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    } finally {
      await db.close();
      await proxy.close();
      await drop();
    }
  });

  it('replaces the connections keeping generic plans, so each plan is made again for the tables as they are by then', async () => {
    const { url, drop } = await createTestPostgresDatabase();
    const db = createPostgresDatabase(url, { genericPlanLifetimeSeconds: 1 });
    try {
      const backend = async () =>
        (await db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid FROM (SELECT $1::int AS x) one', [1], { plan: 'generic' }))[0]!
          .pid;
      const first = new Set([await backend(), await backend()]);
      await eventually(async () => !first.has(await backend()), 'a generic plan served by a new connection', 15_000, 100);
    } finally {
      await db.close();
      await drop();
    }
  });

  it('runs a query asking for a kept plan on the other connections while every kept-plan connection is busy', async () => {
    const { url, drop } = await createTestPostgresDatabase();
    const db = createPostgresDatabase(url);
    try {
      await db.query('CREATE TABLE busy (id int PRIMARY KEY)');
      await db.query('INSERT INTO busy VALUES (1)');
      const backend = 'SELECT pg_backend_pid() AS pid FROM busy WHERE id = $1';
      const kept = new Set<number>();
      let waiting: Promise<unknown>[] = [];
      await db.transaction(async (tx) => {
        await tx.query('SELECT id FROM busy FOR UPDATE');
        // Four queries keeping their plan wait for the row, one on each kept-plan connection.
        waiting = Array.from({ length: 4 }, () =>
          db.query<{ pid: number }>(`${backend} FOR UPDATE`, [1], { plan: 'generic' }).then(([row]) => kept.add(row!.pid)),
        );
        await eventually(
          async () =>
            (
              await db.query<{ n: number }>(
                `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
              )
            )[0]!.n === 4,
          'four queries waiting for the row',
        );
        // Another one runs at once, on another connection, while they wait.
        const [other] = await db.query<{ pid: number }>(backend, [1], { plan: 'generic' });
        expect(other).toBeDefined();
        expect(kept.size).toBe(0);
      });
      await Promise.all(waiting);
      expect(kept.size).toBe(4);
    } finally {
      await db.close();
      await drop();
    }
  });
});

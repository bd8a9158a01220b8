import { describe, expect, it } from 'vitest';
import { createTestPostgresDatabase, databaseImplementations, startTcpProxy, throughProxy } from '#test-support';
import { createPostgresDatabase } from '../src/postgres.js';
import { DependencyUnavailableError } from '@chat/kernel';
import { migrate } from '../src/migrations.js';

const migrations = [
  { version: 1, sql: 'CREATE TABLE things (id int PRIMARY KEY);\nCREATE INDEX things_id ON things (id);' },
  { version: 2, sql: 'ALTER TABLE things ADD COLUMN name text;' },
];

describe.each(databaseImplementations)('migrate on %s', (_name, testDatabase) => {
  it('applies pending migrations in order, once', async () => {
    const db = await testDatabase();
    expect(await migrate(db, 'svc', migrations)).toEqual([1, 2]);
    expect(await migrate(db, 'svc', migrations)).toEqual([]);
    await db.query('INSERT INTO things (id, name) VALUES (1, $1)', ['one']);
    expect(await db.query('SELECT name FROM things')).toEqual([{ name: 'one' }]);
    await db.close();
  });

  it('keeps each service’s versions apart', async () => {
    const db = await testDatabase();
    await migrate(db, 'a', [{ version: 1, sql: 'CREATE TABLE a_things (id int)' }]);
    expect(await migrate(db, 'b', [{ version: 1, sql: 'CREATE TABLE b_things (id int)' }])).toEqual([1]);
    await db.close();
  });

  it('applies nothing of a migration that fails', async () => {
    const db = await testDatabase();
    await expect(migrate(db, 'svc', [{ version: 1, sql: 'CREATE TABLE ok_table (id int);\nCREATE TABLE broken (;' }])).rejects.toThrow();
    expect(await db.query("SELECT to_regclass('ok_table') AS t")).toEqual([{ t: null }]);
    await db.close();
  });

  it('applies each migration once when replicas start together', async () => {
    const db = await testDatabase();
    const applied = await Promise.all([1, 2, 3].map(() => migrate(db, 'svc', migrations)));
    expect(applied.flat().sort()).toEqual([1, 2]);
    expect(await db.query('SELECT version FROM schema_migrations ORDER BY version')).toEqual([{ version: 1 }, { version: 2 }]);
    await db.close();
  });
});

describe.each(databaseImplementations)('the %s database', (_name, testDatabase) => {
  it('returns rows with Postgres types, and parameters never become SQL', async () => {
    const db = await testDatabase();
    await db.query('CREATE TABLE notes (id bigserial PRIMARY KEY, body text, at timestamptz NOT NULL DEFAULT now())');
    const hostile = "x'); DROP TABLE notes; --";
    await db.query('INSERT INTO notes (body) VALUES ($1)', [hostile]);
    const [row] = await db.query<{ id: string; body: string; at: Date }>('SELECT id::text AS id, body, at FROM notes');
    expect(row).toEqual({ id: '1', body: hostile, at: expect.any(Date) });
    await db.close();
  });

  it('gives every kind of parameter back exactly as passed, run after run, whatever characters it holds', async () => {
    const db = await testDatabase();
    const texts = ["it's", 'back\\slash', '"quoted"', '{braces},commas', "'); DROP TABLE x; --", 'émoji 😀 ñ', '', 'NULL'];
    const at = new Date('2026-11-24T12:34:56.789Z');
    const sql = `SELECT $1::text AS one, $2::text[] AS many, $3::uuid[] AS ids, $4::bigint::text AS big, $5::int AS n,
      $6::boolean AS yes, $7::timestamptz AS at, $8::jsonb AS doc, $9::text AS nothing, $10::text[] AS none`;
    const ids = ['7c9e6679-7425-40de-944b-e07fc1f90ae7', '0c3c0e2e-1f9a-4f6e-9c89-1b2f4c2d7e11'];
    for (const [index, text] of texts.entries()) {
      for (const plan of [undefined, 'generic'] as const) {
        const [row] = await db.query(
          sql,
          [text, [...texts, null], ids, '9007199254740993', index, index % 2 === 0, at, { text, list: [1, null] }, null, []],
          {
            plan,
          },
        );
        expect(row).toEqual({
          one: text,
          many: [...texts, null],
          ids,
          big: '9007199254740993',
          n: index,
          yes: index % 2 === 0,
          at,
          doc: { text, list: [1, null] },
          nothing: null,
          none: [],
        });
      }
    }
    await db.close();
  });

  it('commits a transaction that succeeds and keeps nothing of one that throws', async () => {
    const db = await testDatabase();
    await db.query('CREATE TABLE items (n int)');
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO items VALUES (1)');
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO items VALUES (2)');
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await db.query('SELECT n FROM items')).toEqual([{ n: 1 }]);
    await expect(db.ping()).resolves.toBeUndefined();
    await db.close();
  });
});

describe('queries on a Postgres server', () => {
  it('plans a parameterized query once per connection and reuses the plan with new values', async () => {
    const { url, drop } = await createTestPostgresDatabase();
    const db = createPostgresDatabase(url);
    const prepared = await db.transaction(async (tx) => {
      expect(await tx.query('SELECT $1::int + 1 AS n', [1])).toEqual([{ n: 2 }]);
      expect(await tx.query('SELECT $1::int + 1 AS n', [41])).toEqual([{ n: 42 }]);
      return tx.query<{ statement: string }>('SELECT statement FROM pg_prepared_statements');
    });
    expect(prepared).toEqual([{ statement: 'SELECT $1::int + 1 AS n' }]);
    await db.close();
    await drop();
  });

  it('keeps the first plan of a query that asks for a generic plan, and plans the others for their values on every run', async () => {
    const { url, drop } = await createTestPostgresDatabase();
    const db = createPostgresDatabase(url);
    const mode = "SELECT current_setting('plan_cache_mode') AS mode, $1::int AS n";
    expect(await db.query(mode, [1], { plan: 'generic' })).toEqual([{ mode: 'force_generic_plan', n: 1 }]);
    expect(await db.query(mode, [2])).toEqual([{ mode: 'force_custom_plan', n: 2 }]);
    await db.close();
    await drop();
  });

  it('runs without JIT compilation or parallel workers, whatever the server’s defaults', async () => {
    const { url, drop } = await createTestPostgresDatabase();
    const db = createPostgresDatabase(url);
    expect(await db.query("SELECT current_setting('jit') AS jit, current_setting('max_parallel_workers_per_gather') AS workers")).toEqual([
      { jit: 'off', workers: '0' },
    ]);
    await db.close();
    await drop();
  });
});

describe('a Postgres server that goes away', () => {
  it('answers DependencyUnavailableError while it is gone and works again once it is back', async () => {
    const { url, drop } = await createTestPostgresDatabase();
    const target = new URL(url);
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const db = createPostgresDatabase(throughProxy(url, proxy), { onIdleError: () => undefined });
    await db.query('CREATE TABLE t (n int)');
    proxy.cut();
    await expect(db.query('SELECT 1')).rejects.toBeInstanceOf(DependencyUnavailableError);
    await expect(db.transaction((tx) => tx.query('INSERT INTO t VALUES (1)'))).rejects.toBeInstanceOf(DependencyUnavailableError);
    await expect(db.query('SELECT * FROM no_such_table')).rejects.toBeInstanceOf(DependencyUnavailableError);
    proxy.restore();
    await db.query('INSERT INTO t VALUES (2)');
    expect(await db.query('SELECT n FROM t')).toEqual([{ n: 2 }]);
    await expect(db.query('SELECT * FROM no_such_table')).rejects.not.toBeInstanceOf(DependencyUnavailableError);
    await db.close();
    await proxy.close();
    await drop();
  });
});

import { describe, expect, it } from 'vitest';
import { eventually, testDatabase } from '#test-support';
import type { Database } from '../src/database.js';
import { statementName } from '../src/statement-names.js';

/** The plan a kept generic plan of `sql` runs with now, as EXPLAIN prints it. */
async function keptPlan(db: Database, sql: string, args: string): Promise<string> {
  const rows = await db.query<{ 'QUERY PLAN': string }>(
    `SET plan_cache_mode = force_generic_plan; EXPLAIN EXECUTE ${statementName(sql)}(${args})`,
  );
  await db.query('SET plan_cache_mode = force_custom_plan');
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

describe('autovacuum on PGlite', () => {
  it('plans a kept generic plan again once its table has grown, instead of reading the whole table it planned for empty', async () => {
    const db = await testDatabase({ autovacuumIntervalMs: 100 });
    await db.query('CREATE TABLE notes (id int PRIMARY KEY, owner int NOT NULL, body text NOT NULL)');
    await db.query('CREATE INDEX notes_owner_idx ON notes (owner)');
    // A batch's lookups, as the send's INSERT looks for retried client ids.
    const byOwners = 'SELECT count(*)::int AS n FROM unnest($1::int[]) AS wanted(owner) JOIN notes ON notes.owner = wanted.owner';
    expect(await db.query(byOwners, [[7, 8]], { plan: 'generic' })).toEqual([{ n: 0 }]);
    expect(await keptPlan(db, byOwners, "'{7,8}'"), 'the plan made while the table was empty').toContain('Seq Scan on notes');
    await db.query(`INSERT INTO notes SELECT n, n, 'a note ' || n FROM generate_series(1, 20000) n`);
    await eventually(
      async () => (await keptPlan(db, byOwners, "'{7,8}'")).includes('notes_owner_idx'),
      'the lookups planned along the owner index',
      15_000,
      200,
    );
    expect(await db.query(byOwners, [[7, 8]], { plan: 'generic' })).toEqual([{ n: 2 }]);
    await db.close();
  });

  it('clears the dead rows a table rewritten over and over leaves', async () => {
    const db = await testDatabase({ autovacuumIntervalMs: 100 });
    await db.query('CREATE TABLE tallies (id int PRIMARY KEY, n int NOT NULL)');
    await db.query('INSERT INTO tallies SELECT id, 0 FROM generate_series(1, 200) id');
    for (let round = 0; round < 5; round++) await db.query('UPDATE tallies SET n = n + 1');
    const deadRows = async () =>
      (await db.query<{ dead: number }>(`SELECT n_dead_tup::int AS dead FROM pg_stat_user_tables WHERE relname = 'tallies'`))[0]?.dead;
    await eventually(
      async () => (await db.query(`SELECT 1 FROM pg_stat_user_tables WHERE relname = 'tallies' AND last_vacuum IS NOT NULL`)).length > 0,
      'tallies vacuumed',
      15_000,
      200,
    );
    expect(await deadRows()).toBe(0);
    expect(await db.query('SELECT sum(n)::int AS total FROM tallies')).toEqual([{ total: 1000 }]);
    await db.close();
  });

  it('analyses a table from a sample of 3,000 rows, not 30,000: the pass holds every statement while it reads them', async () => {
    const db = await testDatabase({ autovacuumIntervalMs: 100 });
    await db.query('CREATE TABLE readings (id int PRIMARY KEY, value int NOT NULL)');
    await db.query('INSERT INTO readings SELECT id, id FROM generate_series(1, 20000) id');
    const histogram = async () =>
      (
        await db.query<{ bounds: number | null }>(
          `SELECT cardinality(histogram_bounds::text::int[]) AS bounds FROM pg_stats WHERE tablename = 'readings' AND attname = 'value'`,
        )
      )[0]?.bounds;
    await eventually(async () => (await histogram()) !== undefined, 'readings analysed', 15_000, 200);
    // A histogram has as many buckets as the statistics target: 100 by Postgres's default.
    expect(await histogram()).toBe(11);
    await db.close();
  });
});

import { describe, expect, it } from 'vitest';
import { DEFAULT_DEADLINE_MS, testDatabase, withDeadline } from '#test-support';

describe('queries on PGlite', () => {
  it('prepares a parameterized query once and plans it for each run’s values, unless it asks for a generic plan', async () => {
    const db = await testDatabase();
    await db.query('CREATE TABLE things (id int PRIMARY KEY, name text)');
    for (let id = 1; id <= 8; id++) await db.query('INSERT INTO things (id, name) VALUES ($1, $2)', [id, `thing ${id}`]);
    for (let id = 1; id <= 3; id++) {
      expect(await db.query('SELECT name FROM things WHERE id = $1', [id], { plan: 'generic' })).toEqual([{ name: `thing ${id}` }]);
    }
    const statements = await db.query<{ statement: string; generic: number; custom: number }>(
      'SELECT statement, generic_plans::int AS generic, custom_plans::int AS custom FROM pg_prepared_statements',
    );
    expect(statements).toHaveLength(2);
    expect(statements).toEqual(
      expect.arrayContaining([
        { statement: expect.stringContaining('INSERT INTO things (id, name) VALUES ($1, $2)'), generic: 0, custom: 8 },
        { statement: expect.stringContaining('SELECT name FROM things WHERE id = $1'), generic: 3, custom: 0 },
      ]),
    );
    expect(await db.query("SELECT current_setting('plan_cache_mode') AS mode")).toEqual([{ mode: 'force_custom_plan' }]);
    await expect(db.query('SELECT name FROM things WHERE id = $1::int', ['not a number'], { plan: 'generic' })).rejects.toThrow();
    expect(await db.query("SELECT current_setting('plan_cache_mode') AS mode"), 'the mode after a failed run').toEqual([
      { mode: 'force_custom_plan' },
    ]);
    await db.close();
  });

  it('makes each new WAL segment without writing it full of zeros first (a send would wait for the 16 MB)', async () => {
    const db = await testDatabase();
    expect(await db.query("SELECT current_setting('wal_init_zero') AS zeroed")).toEqual([{ zeroed: 'off' }]);
    await db.close();
  });

  it('runs a transaction’s queries as they are, and leaves nothing prepared or half-done after one that throws', async () => {
    const db = await testDatabase();
    await db.query('CREATE TABLE items (n int)');
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO items VALUES ($1)', [1]);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await db.query('SELECT count(*)::int AS n FROM items WHERE n = $1', [1])).toEqual([{ n: 0 }]);
    expect(await db.query('SELECT count(*)::int AS n FROM pg_prepared_statements')).toEqual([{ n: 1 }]);
    await db.close();
  });

  it('runs a statement off the event loop, which goes on serving meanwhile', async () => {
    const db = await testDatabase();
    let turns = 0;
    const ticking = setInterval(() => turns++, 1);
    const counted = await db.query('SELECT count(*)::int AS n FROM generate_series(1, 1000000)');
    clearInterval(ticking);
    expect(counted).toEqual([{ n: 1_000_000 }]);
    expect(turns, 'timers that ran while the statement did').toBeGreaterThan(5);
    await db.close();
  });

  it('gives a failed statement’s SQLSTATE and detail to the caller', async () => {
    const db = await testDatabase();
    await db.query('CREATE TABLE people (email text PRIMARY KEY)');
    await db.query('INSERT INTO people VALUES ($1)', ['ann@example.com']);
    await expect(db.query('INSERT INTO people VALUES ($1)', ['ann@example.com'])).rejects.toMatchObject({
      code: '23505',
      message: expect.stringContaining('duplicate key'),
      detail: expect.stringContaining('ann@example.com'),
    });
    await db.close();
  });

  it('closes with a transaction still open: rolls it back, refuses its next statement and the transaction waiting behind it', async () => {
    const db = await testDatabase();
    await db.query('CREATE TABLE kept (n int)');
    let begun!: () => void;
    const inside = new Promise<void>((resolve) => (begun = resolve));
    let goOn!: () => void;
    const closed = new Promise<void>((resolve) => (goOn = resolve));
    // Each transaction's end is taken as it comes (a refusal left unheard until later would be an unhandled rejection).
    const outcome = (transaction: Promise<unknown>) =>
      transaction.then(
        () => 'committed',
        (error: Error) => error.message,
      );
    const work = outcome(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO kept VALUES (1)');
        begun();
        await closed;
        await tx.query('INSERT INTO kept VALUES (2)');
      }),
    );
    await inside;
    const waiting = outcome(db.transaction((tx) => tx.query('SELECT 1')));
    await withDeadline(db.close(), DEFAULT_DEADLINE_MS, 'the database to close with a transaction open');
    goOn();
    expect(await work).toBe('the database is closed');
    expect(await waiting).toBe('the database is closed');
  });
});

import { describe, expect, it } from 'vitest';
import { testDatabase } from '#test-support';
import { migrate } from '../src/migrations.js';

const migrations = [
  { version: 1, sql: 'CREATE TABLE things (id int PRIMARY KEY);\nCREATE INDEX things_id ON things (id);' },
  { version: 2, sql: 'ALTER TABLE things ADD COLUMN name text;' },
];

describe('migrate', () => {
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
    await expect(
      migrate(db, 'svc', [{ version: 1, sql: 'CREATE TABLE ok_table (id int);\nCREATE TABLE broken (;' }]),
    ).rejects.toThrow();
    expect(await db.query("SELECT to_regclass('ok_table') AS t")).toEqual([{ t: null }]);
    await db.close();
  });
});

import { readFile } from 'node:fs/promises';
import { type Database } from '@chat/database';
import { createPgliteDatabase } from '@chat/database/pglite';
import { createPostgresDatabase } from '@chat/database/postgres';
import { TEMPLATE_ENV } from './global-setup.js';
import { createTestPostgresDatabase } from './servers.js';

/** A fresh in-memory Postgres for one test file, started from the template the global setup dumped. */
export async function testDatabase({ autovacuumIntervalMs }: { autovacuumIntervalMs?: number } = {}): Promise<Database> {
  const path = process.env[TEMPLATE_ENV];
  const template = path ? new Blob([await readFile(path)]) : undefined;
  // A failed pass fails the test file that was running (an unhandled error), rather than passing unseen.
  return createPgliteDatabase(undefined, template, {
    autovacuumIntervalMs,
    onAutovacuumError: (error) => {
      throw error;
    },
  });
}

/** Both databases the services run on, for suites that must hold on each: PGlite and a real server. */
export const databaseImplementations: [string, () => Promise<Database>][] = [
  ['PGlite', testDatabase],
  ['Postgres', testPostgresDatabase],
];

/** A pooled connection to a database of its own on the test server; closing it drops the database. */
export async function testPostgresDatabase(): Promise<Database> {
  const { url, drop } = await createTestPostgresDatabase();
  const db = createPostgresDatabase(url);
  return {
    ...db,
    async close() {
      await db.close();
      await drop();
    },
  };
}

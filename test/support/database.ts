import { readFile } from 'node:fs/promises';
import { createPgliteDatabase, type Database } from '@chat/common';
import { TEMPLATE_ENV } from './global-setup.js';

/** A fresh in-memory Postgres for one test file, started from the template the global setup dumped. */
export async function testDatabase(): Promise<Database> {
  const path = process.env[TEMPLATE_ENV];
  const template = path ? new Blob([await readFile(path)]) : undefined;
  return createPgliteDatabase(undefined, template);
}

import { cp, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EMBEDDED_DATABASE_DIR } from '@chat/database';
import { TEMPLATE_DATA_DIR_ENV, TEMP_ROOT_ENV } from './global-setup.js';

/** A new empty directory, removed with the rest of the run's temporary files when the run ends. */
export const tempDir = (prefix: string) => mkdtemp(join(process.env[TEMP_ROOT_ENV] ?? tmpdir(), `${prefix}-`));

/**
 * A new DATA_DIR for an embedded app, holding the database as its first start would leave it before
 * the migrations: a copy of the run's template, where initdb in WASM costs each start seconds of CPU.
 * restart.test.ts starts from an empty one, as a new install does.
 */
export async function embeddedDataDir(prefix: string): Promise<string> {
  const dir = await tempDir(prefix);
  const template = process.env[TEMPLATE_DATA_DIR_ENV];
  if (template) await cp(template, join(dir, EMBEDDED_DATABASE_DIR), { recursive: true });
  return dir;
}

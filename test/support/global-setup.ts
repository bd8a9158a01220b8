import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { startServerContainers } from './containers.js';

export const TEMPLATE_ENV = 'CHAT_TEST_PGLITE_TEMPLATE';
export const TEMPLATE_DATA_DIR_ENV = 'CHAT_TEST_PGLITE_DATA_DIR';
export const TEMP_ROOT_ENV = 'CHAT_TEST_TMP';

/**
 * initdb takes seconds in WASM: it runs once per test run, and every test database starts from its
 * dump, every embedded app's DATA_DIR from a copy of its folder.
 * Every temporary directory of the run lives under one root, removed at the end. Real servers for
 * the integration suites come from containers when a Docker engine runs, else from the environment.
 */
export default async function setup() {
  // Each project that lists this setup runs it; the first one's template and servers serve them all.
  if (process.env[TEMP_ROOT_ENV]) return async () => {};
  const dir = await mkdtemp(join(tmpdir(), 'chat-pglite-'));
  const dataDir = join(dir, 'template-data-dir');
  const pg = await PGlite.create({ dataDir });
  const dump = await pg.dumpDataDir('none');
  await pg.close();
  const path = join(dir, 'template.tar');
  await writeFile(path, Buffer.from(await dump.arrayBuffer()));
  process.env[TEMPLATE_ENV] = path;
  process.env[TEMPLATE_DATA_DIR_ENV] = dataDir;
  process.env[TEMP_ROOT_ENV] = dir;
  const stopContainers = await startServerContainers();
  return async () => {
    await stopContainers();
    await rm(dir, { recursive: true, force: true });
  };
}

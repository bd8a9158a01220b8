import { mkdir, mkdtemp, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { startServerContainers } from './containers.js';

export const TEMPLATE_ENV = 'CHAT_TEST_PGLITE_TEMPLATE';
export const TEMPLATE_DATA_DIR_ENV = 'CHAT_TEST_PGLITE_DATA_DIR';
export const TEMP_ROOT_ENV = 'CHAT_TEST_TMP';

/**
 * initdb takes seconds of CPU in WASM: every test database starts from its dump, every embedded
 * app's DATA_DIR from a copy of its folder. Both depend on PGlite's version alone, so they are kept
 * between runs in the user's cache (as npm keeps packages), one folder per version, read only.
 */
async function pgliteTemplate(): Promise<{ dump: string; dataDir: string }> {
  const manifest = new URL('../../node_modules/@electric-sql/pglite/package.json', import.meta.url);
  const { version } = JSON.parse(await readFile(manifest, 'utf8')) as { version: string };
  const cacheRoot = join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'chatio');
  const kept = join(cacheRoot, `pglite-template-${version}`);
  const template = { dump: join(kept, 'template.tar'), dataDir: join(kept, 'data-dir') };
  if (
    await stat(template.dump).then(
      () => true,
      () => false,
    )
  )
    return template;
  // Made aside, then moved into place whole: a run beside this one sees all of it or none.
  await mkdir(cacheRoot, { recursive: true });
  const making = await mkdtemp(join(cacheRoot, 'making-'));
  const pg = await PGlite.create({ dataDir: join(making, 'data-dir') });
  const dump = await pg.dumpDataDir('none');
  await pg.close();
  await writeFile(join(making, 'template.tar'), Buffer.from(await dump.arrayBuffer()));
  // Another run may have moved its own into place first: theirs is as good.
  await rename(making, kept).catch(() => rm(making, { recursive: true, force: true }));
  return template;
}

/**
 * The PGlite template (see above), and one root for every temporary directory of the run, removed
 * at the end. Real servers for the integration suites come from containers when a Docker engine
 * runs, else from the environment.
 */
export default async function setup() {
  // Each project that lists this setup runs it; the first one's template and servers serve them all.
  if (process.env[TEMP_ROOT_ENV]) return async () => {};
  const dir = await mkdtemp(join(tmpdir(), 'chat-test-'));
  const template = await pgliteTemplate();
  process.env[TEMPLATE_ENV] = template.dump;
  process.env[TEMPLATE_DATA_DIR_ENV] = template.dataDir;
  process.env[TEMP_ROOT_ENV] = dir;
  const stopContainers = await startServerContainers();
  return async () => {
    await stopContainers();
    await rm(dir, { recursive: true, force: true });
  };
}

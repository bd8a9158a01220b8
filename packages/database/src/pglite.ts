import { PGlite } from '@electric-sql/pglite';
import type { Database } from './database.js';

/**
 * Postgres compiled to WASM, in this process: files under `dataDir`, or in memory when none is given.
 * `template` is a data directory dumped earlier (`dumpDataDir`), which skips the seconds initdb takes.
 */
export async function createPgliteDatabase(dataDir?: string, template?: Blob): Promise<Database> {
  const pg = await PGlite.create({ dataDir, loadDataDir: template });
  const query = async <Row>(runner: Pick<PGlite, 'query'>, sql: string, params?: unknown[]) =>
    (await runner.query<Row>(sql, params)).rows;
  return {
    query: (sql, params) => query(pg, sql, params),
    transaction: (work) => pg.transaction((tx) => work({ query: (sql, params) => query(tx, sql, params) })),
    ping: async () => {
      await pg.query('SELECT 1');
    },
    close: () => pg.close(),
  };
}

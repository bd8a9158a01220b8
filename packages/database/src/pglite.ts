import { PGlite } from '@electric-sql/pglite';
import type { Database, QueryOptions } from './database.js';
import { sqlLiteral } from './sql-literal.js';
import { statementName } from './statement-names.js';

/** How a prepared statement is planned unless it asks for a generic plan: for its values, on every run. */
const PLANNED_PER_RUN = 'force_custom_plan';

/** Postgres's SQLSTATE for PREPARE of a name already prepared in the session. */
const DUPLICATE_PREPARED_STATEMENT = '42P05';

/**
 * Postgres compiled to WASM, in this process: files under `dataDir`, or in memory when none is given.
 * `template` is a data directory dumped earlier (`dumpDataDir`), which skips the seconds initdb takes.
 *
 * A parameterized query outside a transaction runs as a prepared statement, parsed and analysed
 * the first time only, as the Postgres adapter does, and planned for its values on every run, as
 * an unprepared query is (left to choose, Postgres switched the receipts' UPDATE to a plan for any
 * values that spilled to a temporary file: 400 ms a run). A query asking for a generic plan keeps
 * its first plan instead: in WASM, parsing and planning the send's INSERT took 2 of the 3 ms of
 * CPU it cost. Within a transaction a query runs as it is: a PREPARE failing there would abort it.
 */
export async function createPgliteDatabase(dataDir?: string, template?: Blob): Promise<Database> {
  const pg = await PGlite.create({ dataDir, loadDataDir: template });
  await pg.exec(`SET plan_cache_mode = ${PLANNED_PER_RUN}`);
  const prepared = new Set<string>();
  const prepare = async (name: string, sql: string) => {
    await pg.exec(`PREPARE ${name} AS ${sql}`).catch((error: unknown) => {
      // Another query of the same text prepared it first.
      if ((error as { code?: string }).code !== DUPLICATE_PREPARED_STATEMENT) throw error;
    });
    prepared.add(name);
  };
  return {
    async query<Row>(sql: string, params?: unknown[], options?: QueryOptions) {
      if (!params?.length) return (await pg.query<Row>(sql)).rows;
      const name = statementName(sql);
      if (!prepared.has(name)) await prepare(name, sql);
      // EXECUTE takes no protocol parameters: its arguments are literals.
      const execute = `EXECUTE ${name}(${params.map(sqlLiteral).join(', ')})`;
      if (options?.plan !== 'generic') return (await pg.query<Row>(execute)).rows;
      // The plan mode is read as each run chooses its plan; one exclusive exchange sets and restores
      // it (if the run fails, its implicit transaction takes the first SET back with it).
      const [, executed] = await pg.exec(`SET plan_cache_mode = force_generic_plan; ${execute}; SET plan_cache_mode = ${PLANNED_PER_RUN}`);
      return (executed?.rows ?? []) as Row[];
    },
    transaction: (work) =>
      pg.transaction((tx) =>
        work({
          query: async <Row>(sql: string, params?: unknown[]) => (await tx.query<Row>(sql, params)).rows,
        }),
      ),
    ping: async () => {
      await pg.query('SELECT 1');
    },
    close: () => pg.close(),
  };
}

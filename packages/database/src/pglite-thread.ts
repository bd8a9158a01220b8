import { parentPort } from 'node:worker_threads';
import { PGlite, type Results, type Transaction } from '@electric-sql/pglite';
import type { QueryOptions } from './database.js';
import type { PgliteReply, PgliteRequest } from './pglite.js';
import { sqlLiteral } from './sql-literal.js';
import { statementName } from './statement-names.js';

/** How a prepared statement is planned unless it asks for a generic plan: for its values, on every run. */
const PLANNED_PER_RUN = 'force_custom_plan';

/**
 * The rows an ANALYZE samples per table (300 times this): a tenth of Postgres's default. PGlite's
 * autovacuum pass runs on the thread every statement waits for: analysing 300,000 messages at
 * Postgres's 100 took 65–88 ms, every send waiting behind it; at 10, 11 ms. The statistics are for
 * lookups along indexes by key, which 3,000 sampled rows estimate as well (Postgres's own default
 * until 8.4).
 */
const STATISTICS_TARGET = 10;

/** Postgres's SQLSTATE for PREPARE of a name already prepared in the session. */
const DUPLICATE_PREPARED_STATEMENT = '42P05';

/** What a transaction begun after its database's close was asked for is refused with. */
const CLOSED = new Error('the database is closed');

/** The id of a reply no caller waits for. */
const NO_CALLER = 0;

/** Thrown into a transaction its caller gave up, so PGlite rolls it back. */
const ROLLED_BACK = new Error('rolled back');

/** The rows of a simple-protocol exchange's one statement. */
const rowsOf = (results: Results[]): unknown[] => results.at(-1)?.rows ?? [];

/**
 * The thread PGlite runs on: Postgres in WASM, its parsing, planning and file I/O, on the process's
 * second core instead of the event loop that serves every socket and request. It holds every
 * PGlite database the process opens (one in embedded mode, one per test file in the tests).
 *
 * A parameterized query outside a transaction runs as a prepared statement, parsed and analysed
 * the first time only, as the Postgres adapter does, and planned for its values on every run, as
 * an unprepared query is (left to choose, Postgres switched the receipts' UPDATE to a plan for any
 * values that spilled to a temporary file: 400 ms a run). A query asking for a generic plan keeps
 * its first plan instead: in WASM, parsing and planning the send's INSERT took 2 of the 3 ms of
 * CPU it cost. Within a transaction a query runs as it is: a PREPARE failing there would abort it.
 */
class ThreadDatabase {
  private readonly prepared = new Set<string>();
  /** Open transactions, each held by PGlite until its caller says how it ends. */
  private readonly transactions = new Map<number, { tx: Transaction; end(endId: number, commit: boolean): void }>();
  /** Set once its close is asked for: a transaction PGlite starts after that is refused at once. */
  private closing = false;

  private constructor(private readonly pg: PGlite) {}

  static async open(dataDir: string | undefined, template: Blob | undefined): Promise<ThreadDatabase> {
    const pg = await PGlite.create({ dataDir, loadDataDir: template });
    // A new WAL segment is made by extending the file, not by writing its 16 MB of zeros first: on
    // PGlite that write held the send that crossed into the segment 30–45 ms, every 2–4 s at 2,000
    // msg/s (no checkpoint within minutes recycles old segments instead).
    await pg.exec(
      `SET plan_cache_mode = ${PLANNED_PER_RUN}; SET default_statistics_target = ${STATISTICS_TARGET}; SET wal_init_zero = off`,
    );
    return new ThreadDatabase(pg);
  }

  /**
   * Runs over the simple query protocol: one message for PGlite to parse instead of the extended
   * protocol's five, a third less CPU for a single-row INSERT or a lookup by key.
   */
  async query(sql: string, params: unknown[] | undefined, options: QueryOptions | undefined): Promise<unknown[]> {
    if (!params?.length) return rowsOf(await this.pg.exec(sql));
    const name = statementName(sql);
    if (!this.prepared.has(name)) await this.prepare(name, sql);
    // EXECUTE takes no protocol parameters: its arguments are literals.
    const execute = `EXECUTE ${name}(${params.map(sqlLiteral).join(', ')})`;
    if (options?.plan !== 'generic') return rowsOf(await this.pg.exec(execute));
    // The plan mode is read as each run chooses its plan; one exclusive exchange sets and restores
    // it (if the run fails, its implicit transaction takes the first SET back with it).
    const [, executed] = await this.pg.exec(
      `SET plan_cache_mode = force_generic_plan; ${execute}; SET plan_cache_mode = ${PLANNED_PER_RUN}`,
    );
    return executed?.rows ?? [];
  }

  private async prepare(name: string, sql: string): Promise<void> {
    await this.pg.exec(`PREPARE ${name} AS ${sql}`).catch((error: unknown) => {
      // Another query of the same text prepared it first.
      if ((error as { code?: string }).code !== DUPLICATE_PREPARED_STATEMENT) throw error;
    });
    this.prepared.add(name);
  }

  /** Opens a transaction and answers with its id; its `end` is answered once PGlite has committed or rolled it back. */
  begin(id: number, txId: number): void {
    let started = false;
    let endId = NO_CALLER;
    this.pg
      .transaction(
        (tx) =>
          new Promise<void>((resolve, reject) => {
            if (this.closing) return reject(CLOSED);
            this.transactions.set(txId, {
              tx,
              end(requestId, commit) {
                endId = requestId;
                if (commit) resolve();
                else reject(ROLLED_BACK);
              },
            });
            started = true;
            reply({ id, value: txId });
          }),
      )
      .then(
        () => reply({ id: endId, value: null }),
        (error: unknown) => {
          if (!started) replyError(id, error);
          else if (error === ROLLED_BACK) reply({ id: endId, value: null });
          else replyError(endId, error);
        },
      )
      .finally(() => this.transactions.delete(txId));
  }

  async transactionQuery(txId: number, sql: string, params: unknown[] | undefined): Promise<unknown[]> {
    return (await this.transactionNamed(txId).tx.query(sql, params)).rows;
  }

  end(id: number, txId: number, commit: boolean): void {
    this.transactionNamed(txId).end(id, commit);
  }

  private transactionNamed(txId: number) {
    const open = this.transactions.get(txId);
    if (!open) throw new Error('the transaction has ended');
    return open;
  }

  /**
   * A transaction still open is rolled back first (its caller's next statement finds the database
   * closed): PGlite closes only once no transaction holds it, and one left open held a service's
   * shutdown for good.
   */
  close(): Promise<void> {
    this.closing = true;
    for (const open of this.transactions.values()) open.end(NO_CALLER, false);
    return this.pg.close();
  }
}

const port = parentPort!;
const databases = new Map<number, ThreadDatabase>();
let lastTransaction = 0;

function reply(message: PgliteReply): void {
  port.postMessage(message);
}

/** A database error crosses as its message and its fields (code, detail…): structured cloning keeps only the message. */
function replyError(id: number, error: unknown): void {
  const fields = error instanceof Error ? { ...error, message: error.message } : { message: String(error) };
  reply({ id, error: JSON.parse(JSON.stringify(fields)) as PgliteReply['error'] });
}

function databaseNamed(database: number): ThreadDatabase {
  const db = databases.get(database);
  if (!db) throw new Error('the database is closed');
  return db;
}

async function handle(request: PgliteRequest): Promise<void> {
  const { id } = request;
  switch (request.kind) {
    case 'open':
      databases.set(id, await ThreadDatabase.open(request.dataDir, request.template));
      return reply({ id, value: id });
    case 'query':
      return reply({ id, value: await databaseNamed(request.database).query(request.sql, request.params, request.options) });
    case 'begin':
      return databaseNamed(request.database).begin(id, ++lastTransaction);
    case 'transactionQuery':
      return reply({ id, value: await databaseNamed(request.database).transactionQuery(request.transaction, request.sql, request.params) });
    case 'end':
      return databaseNamed(request.database).end(id, request.transaction, request.commit);
    case 'close': {
      const db = databaseNamed(request.database);
      databases.delete(request.database);
      await db.close();
      return reply({ id, value: null });
    }
  }
}

port.on('message', (request: PgliteRequest) => {
  handle(request).catch((error: unknown) => replyError(request.id, error));
});

import { Worker } from 'node:worker_threads';
import type { Database, QueryOptions, Queryable } from './database.js';
import { startAutovacuum } from './pglite-autovacuum.js';

/** What the PGlite thread is asked to do; every request but `open` names the database it is for. */
type PgliteCall =
  | { kind: 'open'; dataDir?: string; template?: Blob }
  | { kind: 'query'; database: number; sql: string; params?: unknown[]; options?: QueryOptions }
  | { kind: 'begin'; database: number }
  | { kind: 'transactionQuery'; database: number; transaction: number; sql: string; params?: unknown[] }
  | { kind: 'end'; database: number; transaction: number; commit: boolean }
  | { kind: 'close'; database: number };

/** A request to the PGlite thread; each is answered once, under its id. */
export type PgliteRequest = PgliteCall & { id: number };

/** The PGlite thread's answer: a value, or the error with its fields (SQLSTATE `code`, `detail`…). */
export interface PgliteReply {
  id: number;
  value?: unknown;
  error?: { message: string } & Record<string, unknown>;
}

/**
 * Postgres compiled to WASM, in this process but on a thread of its own (`pglite-thread.ts`): the
 * event loop that serves sockets and requests goes on while a statement runs, and the database
 * takes the second core. Files under `dataDir`, or in memory when none is given. `template` is a
 * data directory dumped earlier (`dumpDataDir`), which skips the seconds initdb takes. Its tables
 * are vacuumed and analysed as Postgres's autovacuum would (`pglite-autovacuum.ts`).
 */
export async function createPgliteDatabase(
  dataDir: string | undefined,
  template: Blob | undefined,
  { onAutovacuumError, autovacuumIntervalMs }: { onAutovacuumError(error: unknown): void; autovacuumIntervalMs?: number },
): Promise<Database> {
  const database = await call<number>({ kind: 'open', dataDir, template });
  let closed = false;
  const query = <Row>(sql: string, params?: unknown[], options?: QueryOptions) =>
    call<Row[]>({ kind: 'query', database, sql, params, options });
  const autovacuum = startAutovacuum({ query }, { intervalMs: autovacuumIntervalMs, onError: onAutovacuumError });
  return {
    query,
    async transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
      const transaction = await call<number>({ kind: 'begin', database });
      const tx: Queryable = {
        query: <Row>(sql: string, params?: unknown[]) => call<Row[]>({ kind: 'transactionQuery', database, transaction, sql, params }),
      };
      let result: T;
      try {
        result = await work(tx);
      } catch (error) {
        await call({ kind: 'end', database, transaction, commit: false });
        throw error;
      }
      await call({ kind: 'end', database, transaction, commit: true });
      return result;
    },
    ping: async () => {
      await call({ kind: 'query', database, sql: 'SELECT 1' });
    },
    async close() {
      if (closed) return;
      closed = true;
      await autovacuum.stop();
      await call({ kind: 'close', database });
    },
  };
}

/**
 * One thread holds every PGlite database of the process, started with the first and kept (it
 * holds the process open only while a request waits), so each new database costs no thread start.
 */
interface PgliteThread {
  worker: Worker;
  /** The requests waiting for their answer, by id. */
  pending: Map<number, { resolve(value: unknown): void; reject(error: Error): void }>;
}
let thread: PgliteThread | null = null;
let lastRequest = 0;

function call<T>(request: PgliteCall): Promise<T> {
  thread ??= startThread();
  const { worker, pending } = thread;
  const id = ++lastRequest;
  worker.ref();
  worker.postMessage({ ...request, id });
  return new Promise<T>((resolve, reject) => pending.set(id, { resolve: resolve, reject }));
}

function startThread(): PgliteThread {
  const worker = threadWorker();
  const started: PgliteThread = { worker, pending: new Map() };
  const { pending } = started;
  worker.on('message', ({ id, value, error }: PgliteReply) => {
    const waiting = pending.get(id);
    if (!waiting) return;
    pending.delete(id);
    if (pending.size === 0) worker.unref();
    if (error) waiting.reject(Object.assign(new Error(error.message), error));
    else waiting.resolve(value);
  });
  // A thread that fails takes its databases with it: every waiting request is told, and the next
  // database opened starts a new thread.
  const stop = (error: Error) => {
    if (thread === started) thread = null;
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  };
  worker.on('error', stop);
  worker.on('exit', () => stop(new Error('the database thread has stopped')));
  return started;
}

/**
 * The thread runs the compiled module beside this one; run from source (the tests), its
 * TypeScript is loaded through tsx, as the test runner loads this file.
 */
function threadWorker(): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./pglite-thread.js', import.meta.url));
  const entry = new URL('./pglite-thread.ts', import.meta.url);
  return new Worker(
    `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(entry.href)}, ${JSON.stringify(import.meta.url)}))`,
    { eval: true },
  );
}

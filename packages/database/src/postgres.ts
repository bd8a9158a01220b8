import pg from 'pg';
import type { Database, Queryable } from './database.js';
import { reportingUnavailable } from '@chat/kernel';
import { statementName } from './statement-names.js';

export interface PostgresOptions {
  /** Connections per process; a replica rarely needs more than a handful on the hot path. */
  maxConnections?: number;
  /** Reported when an idle pooled connection breaks (the server restarted): the pool replaces it. */
  onIdleError?: (error: Error) => void;
}

/**
 * A Postgres server through a `pg` pool; queries are parameterized, transactions pin one client.
 * Parameterized queries run as named prepared statements: each connection parses and plans one
 * the first time only (the send's INSERT was planned again for every batch: half of Postgres's
 * CPU at 1,000 msg/s).
 */
export function createPostgresDatabase(url: string, options: PostgresOptions = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.maxConnections ?? 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    // Every query here reads or writes a few rows along an index. JIT compiling one whose generic
    // plan looks costly took 300 ms (an inbox search that runs in 15 ms), and starting parallel
    // workers 100 ms: both off for these sessions, whatever the server's defaults.
    options: '-c jit=off -c max_parallel_workers_per_gather=0',
  });
  // Without a listener an idle client's error (a restarted server) would crash the process.
  pool.on('error', (error) => options.onIdleError?.(error));
  const runner = (client: pg.Pool | pg.PoolClient): Queryable => ({
    query: async <Row>(sql: string, params?: unknown[]) =>
      (await client.query(params?.length ? { name: statementName(sql), text: sql, values: params } : sql)).rows as Row[],
  });
  const pooled = runner(pool);
  return {
    // A server that is down or restarting answers 503 to the request, not 500; the pool reconnects.
    query: (sql, params) => reportingUnavailable('the database', () => pooled.query(sql, params)),
    transaction: (work) => reportingUnavailable('the database', () => transaction(work)),
    async ping() {
      await pool.query('SELECT 1');
    },
    close: () => pool.end(),
  };

  async function transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    // A client whose ROLLBACK failed is in an unknown state: it is destroyed, not returned.
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      const result = await work(runner(client));
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch((rollbackError: Error) => {
        broken = rollbackError;
      });
      throw error;
    } finally {
      client.release(broken);
    }
  }
}

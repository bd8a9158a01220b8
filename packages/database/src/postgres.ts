import pg from 'pg';
import type { Database, Queryable, QueryOptions } from './database.js';
import { reportingUnavailable } from '@chat/kernel';
import { statementName } from './statement-names.js';

export interface PostgresOptions {
  /** Connections per process; a replica rarely needs more than a handful on the hot path. */
  maxConnections?: number;
  /** Reported when an idle pooled connection breaks (the server restarted): the pool replaces it. */
  onIdleError?: (error: Error) => void;
  /** How long a connection keeping generic plans serves before it is replaced and they are planned again. */
  genericPlanLifetimeSeconds?: number;
}

/**
 * A generic plan is made once per connection, for the tables as they are then. Made on a fresh
 * database's empty tables, the send's INSERT looked for retried client ids by reading the whole
 * messages table (a hash join: 2 ms a statement at 13,000 messages, 8 at 73,000), and only
 * autovacuum's statistics would have had it planned again; autovacuum may be off, and lags. Its
 * connections are replaced every minute instead: a plan made anew sees the tables' real sizes.
 */
const GENERIC_PLAN_LIFETIME_SECONDS = 60;

/**
 * Connections for the queries that keep a generic plan: the send's INSERT (BATCHED_WRITES_IN_FLIGHT
 * at most at once), a group's sends and the pages of the inbox and of my groups, lookups by key.
 * A query never waits for one: while all are busy (sends to a busy group wait there for its row),
 * it runs on the other connections, planned for its values as every other query is.
 */
const GENERIC_PLAN_CONNECTIONS = 4;

/**
 * A Postgres server through a `pg` pool; queries are parameterized, transactions pin one client.
 * Parameterized queries run as named prepared statements: each connection parses one the first
 * time only, and plans it for its values on every run unless it asks to keep its first plan (the
 * send's INSERT, planned again for every batch, took half of Postgres's CPU at 1,000 msg/s).
 */
export function createPostgresDatabase(url: string, options: PostgresOptions = {}): Database {
  // Every query here reads or writes a few rows along an index. JIT compiling one whose generic
  // plan looks costly took 300 ms (an inbox search that runs in 15 ms), and starting parallel
  // workers 100 ms: both off for these sessions, whatever the server's defaults. A prepared
  // statement is planned for its values on every run, as on PGlite: left to choose, Postgres
  // switched a member's group search to a plan for any values after its fifth run (20 ms → 600–900
  // ms with 200 groups); a statement whose best plan is the same for all values asks for a generic one.
  const settings = '-c jit=off -c max_parallel_workers_per_gather=0 -c plan_cache_mode=force_custom_plan';
  const newPool = (max: number, { extraSettings = '', maxLifetimeSeconds = 0 } = {}) => {
    const created = new pg.Pool({
      connectionString: url,
      max,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
      maxLifetimeSeconds,
      options: `${settings}${extraSettings}`,
    });
    // Without a listener an idle client's error (a restarted server) would crash the process.
    created.on('error', (error) => options.onIdleError?.(error));
    return created;
  };
  const pool = newPool(options.maxConnections ?? 10);
  // A query asking for a generic plan runs on a connection of its own whose prepared statements
  // keep their first plan: left to choose, Postgres planned the send's INSERT again on every run
  // (a plan for one message looks cheaper than one for any batch), 650 µs of the server's CPU for a
  // single message against 270 µs with the plan kept.
  const genericPool = newPool(GENERIC_PLAN_CONNECTIONS, {
    extraSettings: ' -c plan_cache_mode=force_generic_plan',
    maxLifetimeSeconds: options.genericPlanLifetimeSeconds ?? GENERIC_PLAN_LIFETIME_SECONDS,
  });
  const runner = (client: pg.Pool | pg.PoolClient): Queryable => ({
    query: async <Row>(sql: string, params?: unknown[]) =>
      (await client.query(params?.length ? { name: statementName(sql), text: sql, values: params } : sql)).rows as Row[],
  });
  const pooled = runner(pool);
  const genericPlans = runner(genericPool);
  const genericIfFree = () => (genericPool.idleCount > 0 || genericPool.totalCount < GENERIC_PLAN_CONNECTIONS ? genericPlans : pooled);
  return {
    // A server that is down or restarting answers 503 to the request, not 500; the pool reconnects.
    query: (sql, params, queryOptions?: QueryOptions) =>
      reportingUnavailable('the database', () => (queryOptions?.plan === 'generic' ? genericIfFree() : pooled).query(sql, params)),
    transaction: (work) => reportingUnavailable('the database', () => transaction(work)),
    async ping() {
      await pool.query('SELECT 1');
    },
    close: async () => {
      await Promise.all([pool.end(), genericPool.end()]);
    },
  };

  async function transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    // A client whose ROLLBACK failed is in an unknown state: it is destroyed, not returned.
    let broken: Error | undefined;
    // The pool stops listening to a client it lends: a connection lost while the work is between
    // statements would be an 'error' event nobody hears, which ends the process. Heard here, it
    // fails the next statement and the client is destroyed.
    const onLost = (error: Error) => {
      broken = error;
    };
    client.on('error', onLost);
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
      client.off('error', onLost);
      client.release(broken);
    }
  }
}

import type { Queryable } from './database.js';

/** How often PGlite's tables are looked at: they start empty and grow fast (autovacuum's own nap is a minute). */
export const AUTOVACUUM_INTERVAL_MS = 10_000;

/**
 * The tables due, by autovacuum's default rules: vacuumed (and analysed) once their dead rows pass
 * 50 + 20 % of their rows, analysed once the rows changed since their last analysis pass 50 + 10 %.
 */
const TABLES_DUE = `SELECT "table", vacuum FROM (
    SELECT format('%I.%I', s.schemaname, s.relname) AS "table",
      s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0) AS vacuum,
      s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0) AS "analyze"
    FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
  ) tables
  WHERE vacuum OR "analyze"
  ORDER BY 1`;

async function vacuumTablesDue(db: Queryable): Promise<void> {
  const due = await db.query<{ table: string; vacuum: boolean }>(TABLES_DUE);
  for (const { table, vacuum } of due) await db.query(vacuum ? `VACUUM (ANALYZE) ${table}` : `ANALYZE ${table}`);
}

export interface Autovacuum {
  /** Stops the passes, once the one under way (if any) has ended. */
  stop(): Promise<void>;
}

/**
 * What Postgres's autovacuum workers do, for PGlite: one process with no background workers, where
 * nothing else ever updates a table's statistics or clears its dead rows. Without it, a plan made
 * while the tables were nearly empty stayed for the life of the process: the send's INSERT (a kept
 * generic plan made at 200 contacts) hashed every contact for each batch, 20 ms a statement at
 * 100,000 contacts against 1.35 once analysed; and the conversations' rows (two rewritten a
 * message) were never reclaimed. A pass runs between the thread's other statements, as any query
 * does: analysing 30,000 messages and vacuuming them took 190 ms.
 */
export function startAutovacuum(
  db: Queryable,
  { intervalMs = AUTOVACUUM_INTERVAL_MS, onError }: { intervalMs?: number; onError(error: unknown): void },
): Autovacuum {
  let stopped = false;
  let pass: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout;
  const schedule = () => {
    timer = setTimeout(() => {
      pass = vacuumTablesDue(db).catch(onError);
      void pass.then(() => {
        if (!stopped) schedule();
      });
    }, intervalMs).unref();
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await pass;
    },
  };
}

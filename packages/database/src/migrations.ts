import type { Database } from './database.js';

export interface Migration {
  version: number;
  sql: string;
}

/** One lock for all services: replicas starting together apply each migration exactly once. */
const MIGRATION_LOCK = 72_616_201;

/** Applies the service's migrations that are not yet recorded, in one transaction. */
export async function migrate(db: Database, service: string, migrations: readonly Migration[]): Promise<number[]> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      service text NOT NULL,
      version integer NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (service, version)
    )`);
    const rows = await tx.query<{ version: number }>('SELECT version FROM schema_migrations WHERE service = $1', [service]);
    const applied = new Set(rows.map((row) => row.version));
    const pending = [...migrations].sort((a, b) => a.version - b.version).filter((m) => !applied.has(m.version));
    for (const migration of pending) {
      for (const statement of splitStatements(migration.sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (service, version) VALUES ($1, $2)', [service, migration.version]);
    }
    return pending.map((m) => m.version);
  });
}

/** Migrations are plain DDL without functions, so a semicolon at a line's end ends a statement. */
function splitStatements(sql: string): string[] {
  return sql
    .split(/;\s*$/m)
    .map((statement) => statement.trim())
    .filter((statement) => statement.length > 0);
}

import { join } from 'node:path';
import { ConfigError, type Config } from '@chat/kernel';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './database.js';

/** The folder under DATA_DIR that holds the embedded database. */
export const EMBEDDED_DATABASE_DIR = 'pgdata';

/**
 * Postgres when DATABASE_URL is set, else PGlite under DATA_DIR. Each adapter is loaded only when
 * chosen, so an image installs the driver it runs with and nothing else.
 */
export async function openDatabase(config: Config, log: FastifyBaseLogger): Promise<Database> {
  if (config.databaseUrl) {
    const { createPostgresDatabase } = await import('./postgres.js');
    return createPostgresDatabase(config.databaseUrl, {
      onIdleError: (error) => log.warn({ err: error }, 'a database connection broke'),
    });
  }
  const { createPgliteDatabase } = await importEmbedded(() => import('./pglite.js'), 'DATABASE_URL');
  return createPgliteDatabase(join(config.dataDir, EMBEDDED_DATABASE_DIR), undefined, {
    onAutovacuumError: (error) => log.warn({ err: error }, 'vacuuming the embedded database failed'),
  });
}

/** Loads an embedded adapter, or says which setting this image needs when it does not ship one. */
async function importEmbedded<T>(load: () => Promise<T>, setting: string): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ERR_MODULE_NOT_FOUND') throw error;
    throw new ConfigError(`${setting} is required: this image has no embedded adapter in its place`);
  }
}

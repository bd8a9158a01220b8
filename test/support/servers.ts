import { randomUUID } from 'node:crypto';
import { removeNatsStreams as removeStreams, withPostgres } from '../../scripts/local-cluster.js';

/** The real servers integration suites use; the global setup points these at containers when Docker runs. */
export const SERVER_ENV = {
  postgres: 'TEST_POSTGRES_URL',
  redis: 'TEST_REDIS_URL',
  nats: 'TEST_NATS_URL',
} as const;

const LOCAL_DEFAULTS = {
  postgres: 'postgres://postgres@127.0.0.1:5432/postgres',
  redis: 'redis://127.0.0.1:6379',
  nats: 'nats://127.0.0.1:4222',
};

export const serverUrl = (server: keyof typeof SERVER_ENV): string => process.env[SERVER_ENV[server]] ?? LOCAL_DEFAULTS[server];

/** A name no other test or run uses: databases, key prefixes and subject prefixes start with it. */
export const uniqueName = (kind: string) => `${kind}_${randomUUID().replaceAll('-', '').slice(0, 12)}`;

/** A database of its own on the test Postgres server, dropped by `drop()`. */
export async function createTestPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = uniqueName('chat_test');
  const adminUrl = serverUrl('postgres');
  await withPostgres(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withPostgres(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** Deletes the JetStream streams a test made under its subject prefix. */
export const removeNatsStreams = (subjectPrefix: string): Promise<void> => removeStreams(serverUrl('nats'), subjectPrefix);

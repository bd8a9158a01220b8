import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { createDiskBlobStore, type BlobStore } from './blobs.js';
import { createInProcessBus, type Bus } from './bus.js';
import type { Config } from './config.js';
import { createPgliteDatabase, type Database } from './db.js';
import { createNatsBus } from './nats-bus.js';
import { createPostgresDatabase } from './postgres.js';
import { createInProcessPresence, type Presence } from './presence.js';
import { createRedisPresence } from './redis-presence.js';
import { Redis } from 'ioredis';
import type { RateLimitStore } from './rate-limits.js';
import { createS3BlobStore } from './s3-blobs.js';

/*
 * Each port gets its real adapter when its server is configured, and its embedded one otherwise:
 * the only place where the two modes differ.
 */

export function openDatabase(config: Config, log: FastifyBaseLogger): Promise<Database> {
  if (config.databaseUrl) {
    return Promise.resolve(
      createPostgresDatabase(config.databaseUrl, { onIdleError: (error) => log.warn({ err: error }, 'a database connection broke') }),
    );
  }
  return createPgliteDatabase(join(config.dataDir, 'pgdata'));
}

export function openBus(config: Config, log: FastifyBaseLogger, name: string): Promise<Bus> {
  const onHandlerError = (error: unknown, subject: string) => log.error({ err: error, subject }, 'bus subscriber failed');
  if (config.natsUrl) return createNatsBus(config.natsUrl, { subjectPrefix: config.natsSubjectPrefix, name, onHandlerError });
  return Promise.resolve(createInProcessBus(onHandlerError));
}

export function openPresence(config: Config, log: FastifyBaseLogger): Promise<Presence> {
  if (config.redisUrl) {
    return createRedisPresence(config.redisUrl, {
      keyPrefix: config.redisKeyPrefix,
      onError: (error) => log.warn({ err: error }, 'presence could not reach Redis'),
    });
  }
  return Promise.resolve(createInProcessPresence());
}

export function openBlobStore(config: Config): Promise<BlobStore> {
  if (config.s3) return createS3BlobStore(config.s3);
  return createDiskBlobStore(join(config.dataDir, 'media'));
}

/** Rate-limit counts in Redis when it is configured (shared by replicas), else in memory. */
export function openRateLimitStore(config: Config, log: FastifyBaseLogger): RateLimitStore & { close(): void } {
  if (!config.redisUrl) return { close: () => undefined };
  // Fail fast rather than queue: a limit that cannot be checked is skipped, never waited for.
  const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 1_000, enableOfflineQueue: false });
  redis.on('error', (error) => log.warn({ err: error }, 'rate limits could not reach Redis'));
  return { redis, keyPrefix: config.redisKeyPrefix, close: () => redis.disconnect() };
}

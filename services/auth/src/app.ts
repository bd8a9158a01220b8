import { openBlobStore } from '@chat/blobs';
import { openBus } from '@chat/bus';
import { openDatabase } from '@chat/database';
import { createServiceApp, requireJwtSecret, requireSharedSettings, type Config } from '@chat/kernel';
import { openRateLimitStore } from '@chat/rate-limits';
import { openSessionRevocations } from '@chat/sessions';
import { authService } from './plugin.js';

/** The auth service as a process of its own: /api/auth, its health routes, its adapters. */
export async function buildAuthApp(config: Config) {
  requireSharedSettings(config, ['JWT_SECRET', 'DATABASE_URL', 'NATS_URL', 'REDIS_URL', 'S3_ENDPOINT']);
  const jwtSecret = requireJwtSecret(config);
  const { app, resources } = await createServiceApp(config, {
    db: (log) => openDatabase(config, log),
    bus: (log) => openBus(config, log, 'chat-auth'),
    revocations: (log) => openSessionRevocations(config, log),
    blobs: () => openBlobStore(config),
    rateLimitStore: (log) => openRateLimitStore(config, log),
  });
  const { cookieSecure, bcryptCost, rateLimits } = config;
  await app.register(authService, { ...resources, jwtSecret, cookieSecure, bcryptCost, rateLimits, turn: config.turn });
  return app;
}

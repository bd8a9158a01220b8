import { openBlobStore } from '@chat/blobs';
import { openBus } from '@chat/bus';
import { openDatabase } from '@chat/database';
import { createServiceApp, requireJwtSecret, requireSharedSettings, type Config } from '@chat/kernel';
import { openBlockedPairs, openPresence } from '@chat/presence';
import { openRateLimitStore } from '@chat/rate-limits';
import { openSessionRevocations } from '@chat/sessions';
import { linkFetchPolicy } from './link-previews/safe-fetch.js';
import { messagesService } from './plugin.js';

/** The messages service as a process of its own: /api/messages, /api/media, health, its adapters. */
export async function buildMessagesApp(config: Config) {
  requireSharedSettings(config, ['JWT_SECRET', 'DATABASE_URL', 'NATS_URL', 'REDIS_URL', 'S3_ENDPOINT']);
  const jwtSecret = requireJwtSecret(config);
  const { app, resources } = await createServiceApp(config, {
    db: (log) => openDatabase(config, log),
    bus: (log) => openBus(config, log, 'chat-messages'),
    revocations: (log) => openSessionRevocations(config, log),
    blobs: () => openBlobStore(config),
    blockedPairs: (log) => openBlockedPairs(config, log),
    presence: (log) => openPresence(config, log),
    rateLimitStore: (log) => openRateLimitStore(config, log),
  });
  const { cookieSecure, rateLimits } = config;
  await app.register(messagesService, {
    ...resources,
    jwtSecret,
    cookieSecure,
    rateLimits,
    calls: config.calls,
    linkFetchPolicy: linkFetchPolicy(config.linkPreviewsFrom),
  });
  return app;
}

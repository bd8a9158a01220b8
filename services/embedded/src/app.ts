import { chmod, mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { authService } from '@chat/auth';
import { openBlobStore } from '@chat/blobs';
import { openBus } from '@chat/bus';
import { openDatabase } from '@chat/database';
import { gatewayService } from '@chat/gateway';
import { createServiceApp, type Config } from '@chat/kernel';
import { linkFetchPolicy, messagesService } from '@chat/messages';
import { openBlockedPairs, openPresence } from '@chat/presence';
import { openRateLimitStore } from '@chat/rate-limits';
import { openSessionRevocations } from '@chat/sessions';
import { loadOrCreateSecret } from './secret.js';
import { serveWebApp } from './web.js';

export const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/**
 * The data directory holds the database, every picture and file, and the JWT secret: no other user
 * of the machine may enter it, even one made by an earlier version with a looser mode.
 */
async function keepPrivate(dataDir: string): Promise<void> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  await chmod(dataDir, 0o700);
}

/**
 * Every service in one Fastify instance: on embedded adapters (nothing to install, data under
 * DATA_DIR) unless a server's URL is configured, in which case that port uses the real server.
 */
export async function buildEmbeddedApp(config: Config) {
  await keepPrivate(config.dataDir);
  const jwtSecret = config.jwtSecret ?? (await loadOrCreateSecret(config.dataDir));
  const { app, resources } = await createServiceApp(config, {
    db: (log) => openDatabase(config, log),
    bus: (log) => openBus(config, log, 'chat-embedded'),
    revocations: (log) => openSessionRevocations(config, log),
    presence: (log) => openPresence(config, log),
    blockedPairs: (log) => openBlockedPairs(config, log),
    blobs: () => openBlobStore(config),
    rateLimitStore: (log) => openRateLimitStore(config, log),
  });
  const { presence, revocations, ...data } = resources;
  const shared = { ...data, revocations, jwtSecret, cookieSecure: config.cookieSecure, rateLimits: config.rateLimits };
  await app.register(authService, { ...shared, bcryptCost: config.bcryptCost, turn: config.turn });
  await app.register(messagesService, {
    ...shared,
    presence,
    calls: config.calls,
    linkFetchPolicy: linkFetchPolicy(config.linkPreviewsFrom),
  });
  await app.register(gatewayService, {
    bus: data.bus,
    presence,
    blockedPairs: data.blockedPairs,
    revocations,
    jwtSecret,
    socketsPerUser: config.rateLimits.socketsPerUser,
    allowedOrigins: config.allowedOrigins,
    callGraceMs: config.calls.graceMs,
  });
  await serveWebApp(app, config.webDist ?? DEFAULT_WEB_DIST);
  return app;
}

import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { authService } from '@chat/auth';
import { createDataServiceApp, type Config } from '@chat/common';
import { gatewayService } from '@chat/gateway';
import { messagesService } from '@chat/messages';
import { loadOrCreateSecret } from './secret.js';
import { serveWebApp } from './web.js';

export const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/**
 * Every service in one Fastify instance: on embedded adapters (nothing to install, data under
 * DATA_DIR) unless a server's URL is configured, in which case that port uses the real server.
 */
export async function buildEmbeddedApp(config: Config) {
  await mkdir(config.dataDir, { recursive: true });
  const jwtSecret = config.jwtSecret ?? (await loadOrCreateSecret(config.dataDir));
  const { app, db, bus, blobs, rateLimitStore, presence } = await createDataServiceApp(config, 'chat-embedded', {
    withPresence: true,
  });

  const shared = { db, bus, blobs, jwtSecret, cookieSecure: config.cookieSecure, rateLimits: config.rateLimits, rateLimitStore };
  await app.register(authService, { ...shared, bcryptCost: config.bcryptCost });
  await app.register(messagesService, shared);
  await app.register(gatewayService, { bus, presence, jwtSecret, socketsPerUser: config.rateLimits.socketsPerUser });
  await serveWebApp(app, config.webDist ?? DEFAULT_WEB_DIST);
  return app;
}

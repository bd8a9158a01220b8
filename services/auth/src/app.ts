import { createDataServiceApp, requireJwtSecret, type Config } from '@chat/common';
import { authService } from './plugin.js';

/** The auth service as a process of its own: /api/auth, its health routes, its adapters. */
export async function buildAuthApp(config: Config) {
  const jwtSecret = requireJwtSecret(config);
  const { app, db, bus, blobs, rateLimitStore } = await createDataServiceApp(config, 'chat-auth');
  const { cookieSecure, bcryptCost, rateLimits } = config;
  await app.register(authService, { db, bus, blobs, jwtSecret, cookieSecure, bcryptCost, rateLimits, rateLimitStore });
  return app;
}

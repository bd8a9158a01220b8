import { createDataServiceApp, requireJwtSecret, type Config } from '@chat/common';
import { authService } from './plugin.js';

/** The auth service as a process of its own: /api/auth, its health routes, its adapters. */
export async function buildAuthApp(config: Config) {
  const jwtSecret = requireJwtSecret(config);
  const { app, db, bus, blobs } = await createDataServiceApp(config, 'chat-auth');
  const { cookieSecure, bcryptCost } = config;
  await app.register(authService, { db, bus, blobs, jwtSecret, cookieSecure, bcryptCost });
  return app;
}

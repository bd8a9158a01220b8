import { createDataServiceApp, requireJwtSecret, type Config } from '@chat/common';
import { messagesService } from './plugin.js';

/** The messages service as a process of its own: /api/messages, /api/media, health, its adapters. */
export async function buildMessagesApp(config: Config) {
  const jwtSecret = requireJwtSecret(config);
  const { app, db, bus, blobs, rateLimitStore } = await createDataServiceApp(config, 'chat-messages');
  const { cookieSecure, rateLimits } = config;
  await app.register(messagesService, { db, bus, blobs, jwtSecret, cookieSecure, rateLimits, rateLimitStore });
  return app;
}

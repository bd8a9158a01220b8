import { API_PREFIX } from '@chat/contracts';
import { gaugeOutboxWait, migrate } from '@chat/database';
import { registerRateLimiting } from '@chat/rate-limits';
import { sessions } from '@chat/sessions';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AuthServiceOptions } from './deps.js';
import { authOutbox, publishCommittedEvents } from './events.js';
import { authMigrations } from './migrations.js';
import { accountRoutes } from './routes/account.js';
import { iceServerRoutes } from './routes/ice-servers.js';
import { profileRoutes } from './routes/profile.js';
import { sessionRoutes } from './routes/session.js';
import { deleteExpiredSessions, revokedSessions } from './sessions.js';

/** The auth service: owns the users table and issues the session cookie (and calls' TURN credentials), under /api/auth. */
export const authService: FastifyPluginAsyncTypebox<AuthServiceOptions> = async (app, options) => {
  await migrate(options.db, 'auth', authMigrations);
  const events = authOutbox.startRelay(options.db, options.bus, app.log);
  app.addHook('onClose', async () => events.stop());
  gaugeOutboxWait(
    events,
    app.metrics,
    'chat_outbox_oldest_wait_seconds',
    'How long the oldest of auth’s events has waited in its outbox for the bus',
  );
  // Events left by an earlier run (the bus was down) go out at start, once every in-process
  // consumer is registered too.
  app.addHook('onReady', async () => publishCommittedEvents(events, app.log));
  // The shared list of revoked sessions is filled from the records now, and again whenever it is
  // found to have lost them.
  app.addHook('onReady', async () => {
    await deleteExpiredSessions(options.db);
    await options.revocations.keepFilled(() => revokedSessions(options.db));
  });
  const { jwtSecret, cookieSecure, revocations } = options;
  await app.register(sessions, { jwtSecret, cookieSecure, revocations });
  await registerRateLimiting(app, options.rateLimitStore);
  await app.register(sessionRoutes, { ...options, events, prefix: API_PREFIX });
  await app.register(profileRoutes, { ...options, events, prefix: API_PREFIX });
  await app.register(accountRoutes, { ...options, events, prefix: API_PREFIX });
  await app.register(iceServerRoutes, { ...options, events, prefix: API_PREFIX });
};

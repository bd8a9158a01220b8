import { API_PREFIX, migrate, sessions } from '@chat/common';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AuthServiceOptions } from './deps.js';
import { authMigrations } from './migrations.js';
import { profileRoutes } from './routes/profile.js';
import { sessionRoutes } from './routes/session.js';

/** The auth service: owns the users table and issues the session cookie, under /api/auth. */
export const authService: FastifyPluginAsyncTypebox<AuthServiceOptions> = async (app, options) => {
  await migrate(options.db, 'auth', authMigrations);
  await app.register(sessions, { jwtSecret: options.jwtSecret, cookieSecure: options.cookieSecure });
  await app.register(sessionRoutes, { ...options, prefix: API_PREFIX });
  await app.register(profileRoutes, { ...options, prefix: API_PREFIX });
};

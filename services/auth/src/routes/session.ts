import { randomUUID } from 'node:crypto';
import { badRequest, conflict, fromContract, unauthorized } from '@chat/kernel';
import { limitRequests } from '@chat/rate-limits';
import { clearSessionCookie, requestSession, setSessionCookie } from '@chat/sessions';
import { checkSignup, routes, ACCOUNT_MESSAGES } from '@chat/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { hashPassword, passwordMatches } from '../credentials.js';
import type { AuthRouteOptions } from '../deps.js';
import { enqueueUserUpserted, publishCommittedEvents } from '../events.js';
import { revokeSession, revokeUserSessions, sessionEnder, startSession } from '../sessions.js';
import { createUser, findUserByEmail, findUserById, toPublicUser } from '../users.js';

/** Signup, login, logout and the session check: the `jwt` cookie's whole life. */
export const sessionRoutes: FastifyPluginAsyncTypebox<AuthRouteOptions> = async (app, options) => {
  const { db, events, jwtSecret, bcryptCost } = options;

  const endSessions = sessionEnder(options);
  // Compared against when the email is unknown, so that answer takes as long as a wrong password.
  const decoyHash = await hashPassword(randomUUID(), bcryptCost);

  const { signupsPerHourPerIp, loginsPer15MinPerIp, loginsPer15MinPerEmail } = options.rateLimits;
  const FIFTEEN_MINUTES = 15 * 60_000;
  const byAddress = (request: FastifyRequest) => request.ip;
  const byEmail = (request: FastifyRequest) => {
    const email = (request.body as { email?: unknown } | undefined)?.email;
    return typeof email === 'string' && email.trim() ? email.trim().toLowerCase() : undefined;
  };
  const signupLimits = [
    limitRequests(app, {
      name: 'signup-ip',
      max: signupsPerHourPerIp,
      windowMs: 60 * 60_000,
      key: byAddress,
      message: ACCOUNT_MESSAGES.tooManyAttempts,
    }),
    limitRequests(app, {
      name: 'signup-email',
      max: loginsPer15MinPerEmail,
      windowMs: FIFTEEN_MINUTES,
      key: byEmail,
      message: ACCOUNT_MESSAGES.tooManyAttempts,
    }),
  ];
  const loginLimits = [
    limitRequests(app, {
      name: 'login-ip',
      max: loginsPer15MinPerIp,
      windowMs: FIFTEEN_MINUTES,
      key: byAddress,
      message: ACCOUNT_MESSAGES.tooManyAttempts,
    }),
    limitRequests(app, {
      name: 'login-email',
      max: loginsPer15MinPerEmail,
      windowMs: FIFTEEN_MINUTES,
      key: byEmail,
      message: ACCOUNT_MESSAGES.tooManyAttempts,
    }),
  ];

  app.route({
    ...fromContract(routes.signup),
    preHandler: signupLimits,
    handler: async (request, reply) => {
      const checked = checkSignup(request.body);
      if (!checked.ok) throw badRequest(checked.message);
      const { fullName, email, password } = checked.value;
      const passwordHash = await hashPassword(password, bcryptCost);
      const signedUp = await db.transaction(async (tx) => {
        const created = await createUser(tx, { fullName, email, passwordHash });
        if (!created) return null;
        await enqueueUserUpserted(tx, created);
        return { user: created, token: await startSession(tx, created.id, jwtSecret) };
      });
      if (!signedUp) throw conflict(ACCOUNT_MESSAGES.emailTaken);
      const { user, token } = signedUp;
      await publishCommittedEvents(events, request.log);
      setSessionCookie(reply, token, options);
      return reply.status(201).send(toPublicUser(user));
    },
  });

  app.route({
    ...fromContract(routes.login),
    preHandler: loginLimits,
    handler: async (request, reply) => {
      const email = request.body.email.trim().toLowerCase();
      const { password } = request.body;
      if (!email) throw badRequest(ACCOUNT_MESSAGES.emailRequired);
      if (!password) throw badRequest(ACCOUNT_MESSAGES.passwordRequired);
      const user = await findUserByEmail(db, email);
      const matches = await passwordMatches(password, user?.passwordHash ?? decoyHash);
      if (!user || !matches) throw unauthorized(ACCOUNT_MESSAGES.invalidCredentials);
      setSessionCookie(reply, await startSession(db, user.id, jwtSecret), options);
      return toPublicUser(user);
    },
  });

  // Open to anyone: a cookie that is no longer valid is cleared all the same.
  app.route({
    ...fromContract(routes.logout),
    handler: async (request, reply) => {
      const session = requestSession(request, options);
      if (session) await endSessions(request.log, session.userId, (tx) => revokeSession(tx, session.userId, session.sessionId));
      clearSessionCookie(reply, options);
      return { message: ACCOUNT_MESSAGES.loggedOut };
    },
  });

  app.route({
    ...fromContract(routes.logoutAll),
    preHandler: app.requireUser,
    handler: async (request, reply) => {
      await endSessions(request.log, request.userId, (tx) => revokeUserSessions(tx, request.userId));
      clearSessionCookie(reply, options);
      return { message: ACCOUNT_MESSAGES.loggedOutEverywhere };
    },
  });

  app.route({
    ...fromContract(routes.checkSession),
    preHandler: app.requireUser,
    handler: async (request) => {
      const user = await findUserById(db, request.userId);
      // A valid token for an account that no longer exists is no session.
      if (!user) throw unauthorized();
      return toPublicUser(user);
    },
  });
};

import { badRequest, forbidden, fromContract, unauthorized } from '@chat/kernel';
import { mediaKeyFromUrl } from '@chat/media';
import { limitRequests } from '@chat/rate-limits';
import { clearSessionCookie, requestSession } from '@chat/sessions';
import { checkPassword, routes, ACCOUNT_MESSAGES } from '@chat/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { hashPassword, passwordMatches } from '../credentials.js';
import type { AuthRouteOptions } from '../deps.js';
import { enqueueUserDeleted } from '../events.js';
import { revokeUserSessions, sessionEnder } from '../sessions.js';
import { deleteUser, findUserById, updatePasswordHash } from '../users.js';

/**
 * What only my password allows: changing it (every other session ends) and deleting my account
 * (every session ends, and the other services forget me).
 */
export const accountRoutes: FastifyPluginAsyncTypebox<AuthRouteOptions> = async (app, options) => {
  const { db, blobs, bcryptCost } = options;
  const endSessions = sessionEnder(options);
  // A stolen session must not be a way to guess the password behind it: both routes share one budget.
  const passwordLimit = limitRequests(app, {
    name: 'password-user',
    max: options.rateLimits.loginsPer15MinPerEmail,
    windowMs: 15 * 60_000,
    key: (request) => request.userId,
    message: ACCOUNT_MESSAGES.tooManyAttempts,
  });

  app.route({
    ...fromContract(routes.deleteAccount),
    preHandler: [app.requireUser, passwordLimit],
    handler: async (request, reply) => {
      const user = await findUserById(db, request.userId);
      if (!user) throw unauthorized();
      if (!(await passwordMatches(request.body.password, user.passwordHash))) throw forbidden(ACCOUNT_MESSAGES.incorrectPassword);
      await endSessions(request.log, user.id, async (tx) => {
        await deleteUser(tx, user.id);
        await enqueueUserDeleted(tx, user.id);
        return revokeUserSessions(tx, user.id);
      });
      const avatarKey = mediaKeyFromUrl(user.profilePic);
      if (avatarKey) {
        await blobs
          .delete(avatarKey)
          .catch((error: unknown) => request.log.warn({ err: error }, 'could not delete a deleted account’s avatar'));
      }
      clearSessionCookie(reply, options);
      return { message: ACCOUNT_MESSAGES.accountDeleted };
    },
  });

  app.route({
    ...fromContract(routes.changePassword),
    preHandler: [app.requireUser, passwordLimit],
    handler: async (request) => {
      const { currentPassword, newPassword } = request.body;
      const problem = checkPassword(newPassword, 'New password');
      if (problem) throw badRequest(problem);
      const session = requestSession(request, options);
      const user = await findUserById(db, request.userId);
      if (!session || !user) throw unauthorized();
      if (!(await passwordMatches(currentPassword, user.passwordHash))) throw forbidden(ACCOUNT_MESSAGES.incorrectPassword);
      if (newPassword === currentPassword) throw badRequest(ACCOUNT_MESSAGES.samePassword);
      const passwordHash = await hashPassword(newPassword, bcryptCost);
      // Whoever holds another of my sessions may be why I change it: they all end, this one stays.
      await endSessions(request.log, user.id, async (tx) => {
        await updatePasswordHash(tx, user.id, passwordHash);
        return revokeUserSessions(tx, user.id, { except: session.sessionId });
      });
      return { message: ACCOUNT_MESSAGES.passwordChanged };
    },
  });
};

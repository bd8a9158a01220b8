import { forbidden, unauthorized } from '@chat/kernel';
import { mediaKeyFromUrl } from '@chat/media';
import { limitRequests } from '@chat/rate-limits';
import { clearSessionCookie } from '@chat/sessions';
import { DeleteAccountBodySchema, MessageBodySchema } from '@chat/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { passwordMatches } from '../credentials.js';
import type { AuthRouteOptions } from '../deps.js';
import { enqueueUserDeleted } from '../events.js';
import { revokeUserSessions, sessionEnder } from '../sessions.js';
import { deleteUser, findUserById } from '../users.js';

/** Deleting my account: confirmed with my password; every session ends, and the other services forget me. */
export const accountRoutes: FastifyPluginAsyncTypebox<AuthRouteOptions> = async (app, options) => {
  const { db, blobs } = options;
  const endSessions = sessionEnder(options);
  // A stolen session must not be a way to guess the password behind it.
  const passwordLimit = limitRequests(app, {
    name: 'delete-account-user',
    max: options.rateLimits.loginsPer15MinPerEmail,
    windowMs: 15 * 60_000,
    key: (request) => request.userId,
    message: 'Too many attempts. Please try again later.',
  });

  app.post(
    '/auth/delete-account',
    { preHandler: [app.requireUser, passwordLimit], schema: { body: DeleteAccountBodySchema, response: { 200: MessageBodySchema } } },
    async (request, reply) => {
      const user = await findUserById(db, request.userId);
      if (!user) throw unauthorized();
      if (!(await passwordMatches(request.body.password, user.passwordHash))) throw forbidden('Incorrect password');
      await endSessions(request.log, user.id, async (tx) => {
        await deleteUser(tx, user.id);
        await enqueueUserDeleted(tx, user.id);
        return revokeUserSessions(tx, user.id);
      });
      const avatarKey = mediaKeyFromUrl(user.profilePic);
      if (avatarKey) {
        await blobs.delete(avatarKey).catch((error: unknown) => request.log.warn({ err: error }, 'could not delete a deleted account’s avatar'));
      }
      clearSessionCookie(reply, options);
      return { message: 'Your account has been deleted' };
    },
  );
};

import { DEFAULT_PAGE, routes, STAR_ERRORS, MESSAGE_ERRORS, TOO_FAST_ERRORS } from '@chat/contracts';
import { forbidden, fromContract, notFound } from '@chat/kernel';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { MessagesRouteOptions } from '../deps.js';
import { tellMyDevices } from '../my-devices.js';
import { limitPerUser } from '../per-user-limit.js';
import { resultsAsSeenBy } from '../receipts/receipts.js';
import { listStarred, setStar } from './stars.js';

/** Starring messages to find them again: a bookmark of mine on every device, which the other person never sees. */
export const starRoutes: FastifyPluginAsyncTypebox<MessagesRouteOptions> = async (app, options) => {
  const { db, bus } = options;
  const starLimit = limitPerUser(app, {
    name: 'star-message',
    perMinute: options.rateLimits.messagesPerMinutePerUser,
    message: TOO_FAST_ERRORS.stars,
  });

  for (const starred of [true, false]) {
    app.route({
      ...fromContract(starred ? routes.starMessage : routes.unstarMessage),
      preHandler: [app.requireUser, starLimit],
      handler: async (request, reply) => {
        const { messageId } = request.params;
        const outcome = await setStar(db, { userId: request.userId, messageId, starred });
        if (outcome.status === 'not-found') throw notFound(MESSAGE_ERRORS.notFound);
        if (outcome.status === 'deleted') throw forbidden(STAR_ERRORS.deleted);
        await tellMyDevices({ bus, log: app.log }, request.userId, {
          event: 'messageStarred',
          payload: { messageId, userId: outcome.peerId, starred },
        });
        return reply.status(204).send();
      },
    });
  }

  app.route({
    ...fromContract(routes.listStarred),
    preHandler: app.requireUser,
    handler: async (request) => {
      const { with: peerId, before, limit } = request.query;
      const results = await listStarred(db, { userId: request.userId, peerId, before, limit: limit ? Number(limit) : DEFAULT_PAGE });
      return resultsAsSeenBy(db, request.userId, results);
    },
  });
};

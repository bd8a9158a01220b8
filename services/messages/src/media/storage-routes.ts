import { fromContract } from '@chat/kernel';
import { routes } from '@chat/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { MessagesRouteOptions } from '../deps.js';
import { storageUsedBy } from '../conversations/messages.js';

/** What my messages keep in the object store, and what they may (Settings shows it). */
export const storageRoutes: FastifyPluginAsyncTypebox<MessagesRouteOptions> = async (app, { db, rateLimits }) => {
  app.route({
    ...fromContract(routes.storage),
    preHandler: app.requireUser,
    handler: async (request) => ({
      usedBytes: await storageUsedBy(db, request.userId),
      allowedBytes: rateLimits.storageBytesPerUser,
    }),
  });
};

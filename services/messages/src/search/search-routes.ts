import { DEFAULT_PAGE, searchWords, routes } from '@chat/contracts';
import { badRequest, fromContract } from '@chat/kernel';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { MessagesRouteOptions } from '../deps.js';
import { searchMessages } from '../conversations/messages.js';
import { resultsAsSeenBy } from '../receipts/receipts.js';

/** Searching the text of my messages, in every conversation or in one. */
export const searchRoutes: FastifyPluginAsyncTypebox<MessagesRouteOptions> = async (app, { db }) => {
  app.route({
    ...fromContract(routes.searchMessages),
    preHandler: app.requireUser,
    handler: async (request) => {
      const { q, with: peerId, before, limit } = request.query;
      const words = searchWords(q);
      if (words.length === 0) throw badRequest('Search for at least one letter or digit');
      const results = await searchMessages(db, {
        userId: request.userId,
        words,
        peerId,
        before,
        limit: limit ? Number(limit) : DEFAULT_PAGE,
      });
      return resultsAsSeenBy(db, request.userId, results);
    },
  });
};

import { DEFAULT_PAGE, searchWords, routes, MESSAGE_ERRORS } from '@chat/contracts';
import { badRequest, fromContract } from '@chat/kernel';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { MessagesRouteOptions } from '../deps.js';
import { newerFirst, searchMessages } from '../conversations/messages.js';
import { searchGroupMessages } from '../groups/group-search.js';
import { resultsAsSeenBy } from '../receipts/receipts.js';

/** Searching the text of my messages, in every conversation and group, or in one. */
export const searchRoutes: FastifyPluginAsyncTypebox<MessagesRouteOptions> = async (app, { db }) => {
  app.route({
    ...fromContract(routes.searchMessages),
    preHandler: app.requireUser,
    handler: async (request) => {
      const { q, with: peerId, before } = request.query;
      const words = searchWords(q);
      if (words.length === 0) throw badRequest(MESSAGE_ERRORS.searchNothing);
      const limit = request.query.limit ? Number(request.query.limit) : DEFAULT_PAGE;
      const search = { userId: request.userId, words, before, limit };
      if (peerId !== undefined) {
        // In one conversation: a group I am or was in, else a person.
        const inGroup = await searchGroupMessages(db, { ...search, groupId: peerId });
        return resultsAsSeenBy(db, request.userId, inGroup ?? (await searchMessages(db, { ...search, peerId })));
      }
      const [withPeople, inGroups] = await Promise.all([searchMessages(db, search), searchGroupMessages(db, search)]);
      // Each list is the newest page of its own: together, the newest page of both.
      const results = [...withPeople, ...(inGroups ?? [])].sort((a, b) => newerFirst(a.message, b.message)).slice(0, limit);
      return resultsAsSeenBy(db, request.userId, results);
    },
  });
};

import { DEFAULT_PAGE, searchWords, routes } from '@chat/contracts';
import { badRequest, fromContract } from '@chat/kernel';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { MessagesRouteOptions } from '../deps.js';
import { searchMessages } from '../conversations/messages.js';
import { membershipOf } from '../groups/groups.js';
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
      if (words.length === 0) throw badRequest('Search for at least one letter or digit');
      const limit = request.query.limit ? Number(request.query.limit) : DEFAULT_PAGE;
      const inGroup = peerId !== undefined && (await membershipOf(db, peerId, request.userId)) !== null;
      const search = { userId: request.userId, words, before, limit };
      const [withPeople, inGroups] = await Promise.all([
        inGroup ? [] : searchMessages(db, { ...search, peerId }),
        peerId && !inGroup ? [] : searchGroupMessages(db, { ...search, groupId: peerId }),
      ]);
      // Each list is the newest page of its own: together, the newest page of both.
      const results = [...withPeople, ...inGroups].sort((a, b) => Number(BigInt(b.message._id) - BigInt(a.message._id))).slice(0, limit);
      return resultsAsSeenBy(db, request.userId, results);
    },
  });
};

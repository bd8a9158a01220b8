import { ARCHIVED_COUNT_HEADER, DEFAULT_CONTACTS_PAGE, NEXT_CURSOR_HEADER, routes, MESSAGE_ERRORS, PAGE_ERRORS } from '@chat/contracts';
import { badRequest, notFound, fromContract } from '@chat/kernel';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { countArchived, decodeCursor, encodeCursor, findContactCard, listInbox, nameWords } from './contacts.js';
import type { MessagesRouteOptions } from '../deps.js';
import { limitPerUser, readLimit } from '../per-user-limit.js';
import { hideReadsFrom, sendsReadReceipts } from '../receipts/receipts.js';

/** The sidebar: everyone, conversations first, paged, searchable and to be limited to those online; and my read cursor in each; and one contact's card. */
export const contactRoutes: FastifyPluginAsyncTypebox<MessagesRouteOptions> = async (app, { db, receipts, rateLimits }) => {
  app.route({
    ...fromContract(routes.inbox),
    preHandler: app.requireUser,
    handler: async (request, reply) => {
      const { q, limit, cursor, online, archived } = request.query;
      const after = cursor === undefined ? null : decodeCursor(cursor);
      if (cursor !== undefined && !after) throw badRequest(PAGE_ERRORS.badCursor);
      const search = nameWords(q ?? '');
      // The inbox's and the archive's pages say how many are archived: counted while the page is read.
      const [page, archivedCount] = await Promise.all([
        listInbox(db, request.userId, {
          search,
          online: online === 'true',
          archived: archived === 'true',
          limit: limit ? Number(limit) : DEFAULT_CONTACTS_PAGE,
          after,
        }),
        search.length === 0 && online !== 'true' ? countArchived(db, request.userId) : null,
      ]);
      if (page.next) void reply.header(NEXT_CURSOR_HEADER, encodeCursor(page.next));
      if (archivedCount !== null) void reply.header(ARCHIVED_COUNT_HEADER, String(archivedCount));
      const lastMessages = page.entries.flatMap((entry) => entry.lastMessage ?? []);
      await receipts.fetched(request.userId, lastMessages);
      if (await sendsReadReceipts(db, request.userId)) return page.entries;
      const hideReads = hideReadsFrom(request.userId);
      return page.entries.map((entry) => (entry.lastMessage ? { ...entry, lastMessage: hideReads(entry.lastMessage) } : entry));
    },
  });

  app.route({
    ...fromContract(routes.contactCard),
    preHandler: app.requireUser,
    handler: async (request) => {
      const card = await findContactCard(db, request.userId, request.params.id);
      if (!card) throw notFound(MESSAGE_ERRORS.userNotFound);
      return card;
    },
  });

  const limitReads = limitPerUser(app, readLimit(rateLimits));

  app.route({
    ...fromContract(routes.markRead),
    preHandler: [app.requireUser, limitReads],
    handler: async (request, reply) => {
      const outcome = await receipts.read({ reader: request.userId, senderId: request.params.id, upTo: request.body.upTo });
      if (outcome === 'unknown-sender') throw notFound(MESSAGE_ERRORS.userNotFound);
      if (outcome === 'not-a-message') throw notFound(MESSAGE_ERRORS.notFound);
      return reply.status(204).send();
    },
  });
};

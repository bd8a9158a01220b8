import { fromContract } from '@chat/kernel';
import { DEFAULT_PAGE, routes } from '@chat/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireContact } from '../contacts/contacts.js';
import type { MessagesRouteOptions } from '../deps.js';
import { listShared } from './messages.js';
import { hideReadsFrom, sendsReadReceipts } from '../receipts/receipts.js';

/** A conversation's "Media, links and docs": its photos, files and messages with a web link, each kind newest first. */
export const sharedRoutes: FastifyPluginAsyncTypebox<MessagesRouteOptions> = async (app, options) => {
  const { db } = options;
  app.route({
    ...fromContract(routes.shared),
    preHandler: app.requireUser,
    handler: async (request) => {
      await requireContact(db, request.params.id, { orDeleted: true });
      const { kind, before, limit } = request.query;
      const page = await listShared(db, {
        userA: request.userId,
        userB: request.params.id,
        kind,
        before,
        limit: limit ? Number(limit) : DEFAULT_PAGE,
      });
      return (await sendsReadReceipts(db, request.userId)) ? page : page.map(hideReadsFrom(request.userId));
    },
  });
};

import { fromContract } from '@chat/kernel';
import { DEFAULT_PAGE, routes } from '@chat/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireContact } from '../contacts/contacts.js';
import type { MessagesRouteOptions } from '../deps.js';
import { membershipOf } from '../groups/groups.js';
import { listShared } from './messages.js';
import { hideReadsFrom, sendsReadReceipts } from '../receipts/receipts.js';

/** A conversation's or a group's "Media, links and docs": its photos, files and messages with a web link, each kind newest first. */
export const sharedRoutes: FastifyPluginAsyncTypebox<MessagesRouteOptions> = async (app, options) => {
  const { db } = options;
  app.route({
    ...fromContract(routes.shared),
    preHandler: app.requireUser,
    handler: async (request) => {
      const peerId = request.params.id;
      const groupWindow = await membershipOf(db, peerId, request.userId);
      if (!groupWindow) await requireContact(db, peerId, { orDeleted: true });
      const { kind, before, limit } = request.query;
      const page = await listShared(db, {
        userId: request.userId,
        peerId,
        groupWindow,
        kind,
        before,
        limit: limit ? Number(limit) : DEFAULT_PAGE,
      });
      return (await sendsReadReceipts(db, request.userId)) ? page : page.map(hideReadsFrom(request.userId));
    },
  });
};

import { fromContract } from '@chat/kernel';
import { DEFAULT_PAGE, routes } from '@chat/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireContact } from '../contacts/contacts.js';
import type { MessagesRouteOptions } from '../deps.js';
import { membershipOf } from '../groups/groups.js';
import { listShared, type ChatMessage } from './messages.js';
import { listPinned } from './pinned-messages.js';
import { hideReadsFrom, sendsReadReceipts } from '../receipts/receipts.js';

/**
 * What a conversation or a group holds for all in it: its "Media, links and docs" (its photos,
 * files and messages with a web link, each kind newest first), and its pinned messages.
 */
export const sharedRoutes: FastifyPluginAsyncTypebox<MessagesRouteOptions> = async (app, options) => {
  const { db } = options;
  /** The chat an id names for me: a group I am or was in (what of it I see), or a person (null); 404 for anyone else. */
  const chatOf = async (peerId: string, userId: string) => {
    const groupWindow = await membershipOf(db, peerId, userId);
    if (!groupWindow) await requireContact(db, peerId, { orDeleted: true });
    return { userId, peerId, groupWindow };
  };
  /** Messages as I see them: without read times while my own read receipts are off. */
  const asISee = async (userId: string, messages: ChatMessage[]) =>
    (await sendsReadReceipts(db, userId)) ? messages : messages.map(hideReadsFrom(userId));

  app.route({
    ...fromContract(routes.shared),
    preHandler: app.requireUser,
    handler: async (request) => {
      const chat = await chatOf(request.params.id, request.userId);
      const { kind, before, limit } = request.query;
      return asISee(request.userId, await listShared(db, { ...chat, kind, before, limit: limit ? Number(limit) : DEFAULT_PAGE }));
    },
  });

  app.route({
    ...fromContract(routes.pinnedMessages),
    preHandler: app.requireUser,
    handler: async (request) => asISee(request.userId, await listPinned(db, await chatOf(request.params.id, request.userId))),
  });
};

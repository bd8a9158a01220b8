import { CLEAR_ERRORS, GROUP_ERRORS, routes, MESSAGE_ERRORS, TOO_FAST_ERRORS } from '@chat/contracts';
import { conflict, notFound, fromContract } from '@chat/kernel';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireContact } from '../contacts/contacts.js';
import type { MessagesRouteOptions } from '../deps.js';
import { clearConversation, clearGroup, deleteGroupChat, hideMessages } from './hidden-messages.js';
import { membershipOf } from '../groups/groups.js';
import { tellMyDevices } from '../my-devices.js';
import { limitPerUser } from '../per-user-limit.js';
import { hideReadsFrom, sendsReadReceipts } from '../receipts/receipts.js';

/**
 * "Delete for me", "Clear chat" and "Delete group": messages gone from my own view on every device of
 * mine, while the other person (or the group's members) keeps them, and is not told.
 */
export const hiddenMessageRoutes: FastifyPluginAsyncTypebox<MessagesRouteOptions> = async (app, options) => {
  const { db, bus } = options;
  const limit = limitPerUser(app, {
    name: 'delete-for-me',
    perMinute: options.rateLimits.messagesPerMinutePerUser,
    message: TOO_FAST_ERRORS.deletions,
  });

  app.route({
    ...fromContract(routes.deleteForMe),
    preHandler: [app.requireUser, limit],
    handler: async (request) => {
      const { userId } = request;
      const peerId = request.params.id;
      const { messageIds } = request.body;
      const outcome = await hideMessages(db, { userId, peerId, messageIds });
      if (outcome.status === 'not-found') throw notFound(MESSAGE_ERRORS.notFound);
      const shown = outcome.lastMessage;
      const lastMessage = shown && !(await sendsReadReceipts(db, userId)) ? hideReadsFrom(userId)(shown) : shown;
      await tellMyDevices({ bus, log: app.log }, userId, { event: 'messagesHidden', payload: { userId: peerId, messageIds, lastMessage } });
      return { lastMessage };
    },
  });

  app.route({
    ...fromContract(routes.clearChat),
    preHandler: [app.requireUser, limit],
    handler: async (request) => {
      const { userId } = request;
      const peerId = request.params.id;
      // A group I am or was in, by its id; else a person.
      const inGroup = (await membershipOf(db, peerId, userId)) !== null;
      if (!inGroup) await requireContact(db, peerId, { orDeleted: true });
      const outcome = await (inGroup ? clearGroup(db, { userId, groupId: peerId }) : clearConversation(db, { userId, peerId }));
      if (outcome.status === 'no-conversation') throw conflict(CLEAR_ERRORS.noConversation);
      await tellMyDevices({ bus, log: app.log }, userId, { event: 'conversationCleared', payload: { userId: peerId, upTo: outcome.upTo } });
      return { upTo: outcome.upTo };
    },
  });

  app.route({
    ...fromContract(routes.deleteGroupChat),
    preHandler: [app.requireUser, limit],
    handler: async (request, reply) => {
      const { userId } = request;
      const { groupId } = request.params;
      const outcome = await deleteGroupChat(db, { userId, groupId });
      if (outcome === 'not-found') throw notFound(GROUP_ERRORS.notFound);
      if (outcome === 'member') throw conflict(GROUP_ERRORS.stillMember);
      // My other tabs and devices ask for my groups again: it is no longer among them.
      await tellMyDevices({ bus, log: app.log }, userId, { event: 'groupChanged', payload: { groupId, member: false } });
      return reply.status(204).send();
    },
  });
};

import { routes, MESSAGE_ERRORS, TOO_FAST_ERRORS } from '@chat/contracts';
import { badRequest, fromContract } from '@chat/kernel';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireConversationWith } from '../groups/groups.js';
import type { MessagesRouteOptions } from '../deps.js';
import { tellMyDevices } from '../my-devices.js';
import { limitPerUser } from '../per-user-limit.js';
import { listMutes, muteConversation, unmuteConversation } from './mutes.js';

/** Muting a conversation (or a group) for a while or for good: kept with my account, so no device of mine notifies of it. */
export const muteRoutes: FastifyPluginAsyncTypebox<MessagesRouteOptions> = async (app, options) => {
  const { db, bus } = options;
  const muteLimit = limitPerUser(app, {
    name: 'mute-conversation',
    perMinute: options.rateLimits.messagesPerMinutePerUser,
    message: TOO_FAST_ERRORS.mutes,
  });

  app.route({
    ...fromContract(routes.muteConversation),
    preHandler: [app.requireUser, muteLimit],
    handler: async (request) => {
      const peerId = request.params.id;
      if (peerId === request.userId) throw badRequest(MESSAGE_ERRORS.muteMyself);
      await requireConversationWith(db, request.userId, peerId);
      const mute = await muteConversation(db, request.userId, peerId, request.body.for);
      await tellMyDevices({ bus, log: app.log }, request.userId, {
        event: 'conversationMuted',
        payload: { userId: peerId, muted: true, until: mute.until },
      });
      return mute;
    },
  });

  app.route({
    ...fromContract(routes.unmuteConversation),
    preHandler: [app.requireUser, muteLimit],
    handler: async (request, reply) => {
      const peerId = request.params.id;
      await requireConversationWith(db, request.userId, peerId);
      await unmuteConversation(db, request.userId, peerId);
      await tellMyDevices({ bus, log: app.log }, request.userId, {
        event: 'conversationMuted',
        payload: { userId: peerId, muted: false, until: null },
      });
      return reply.status(204).send();
    },
  });

  app.route({ ...fromContract(routes.listMutes), preHandler: app.requireUser, handler: async (request) => listMutes(db, request.userId) });
};

import { UserIdParamsSchema } from '@chat/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireContact } from '../contacts.js';
import type { MessagesRouteOptions } from '../deps.js';
import { tellMyDevices } from '../my-devices.js';
import { limitPerUser } from '../per-user-limit.js';
import { pinConversation, unpinConversation } from '../pins.js';

/** Pinning a conversation to the top of my inbox: kept with my conversations, so every device of mine shows it. */
export const pinRoutes: FastifyPluginAsyncTypebox<MessagesRouteOptions> = async (app, options) => {
  const { db, bus } = options;
  // My other tabs and devices move the conversation at once; a device offline finds it in its next inbox page.
  const tellPinned = (userId: string, peerId: string, pinned: boolean) =>
    tellMyDevices({ bus, log: app.log }, userId, { type: 'conversationPinned', peerId, pinned });

  const pinLimit = limitPerUser(app, {
    name: 'pin-conversation',
    perMinute: options.rateLimits.messagesPerMinutePerUser,
    message: 'You are pinning and unpinning too fast. Please slow down.',
  });
  const route = { preHandler: [app.requireUser, pinLimit], schema: { params: UserIdParamsSchema } };

  // A conversation with someone who deleted their account stays, and may stay pinned.
  app.post('/messages/pin/:id', route, async (request, reply) => {
    await requireContact(db, request.params.id, { orDeleted: true });
    await pinConversation(db, request.userId, request.params.id);
    await tellPinned(request.userId, request.params.id, true);
    return reply.status(204).send();
  });

  app.post('/messages/unpin/:id', route, async (request, reply) => {
    await requireContact(db, request.params.id, { orDeleted: true });
    await unpinConversation(db, request.userId, request.params.id);
    await tellPinned(request.userId, request.params.id, false);
    return reply.status(204).send();
  });
};

import { routes, subjects, type UserEvent, MESSAGE_ERRORS, TOO_FAST_ERRORS } from '@chat/contracts';
import { badRequest, fromContract } from '@chat/kernel';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { addBlock, listBlocked, removeBlock } from './blocks.js';
import { requireContact } from '../contacts/contacts.js';
import type { MessagesRouteOptions } from '../deps.js';
import { limitPerUser } from '../per-user-limit.js';

/**
 * Blocking a contact: their messages to me are refused, and neither of us sees the other's
 * presence, typing, last seen or receipts. Recorded here, copied to the gateways' blocked pairs,
 * then told to both people's gateways (the blocked person's sockets are not told why the blocker
 * went offline; the blocker's other tabs show the block).
 */
export const blockRoutes: FastifyPluginAsyncTypebox<MessagesRouteOptions> = async (app, options) => {
  const { db, bus, blockedPairs } = options;

  const tellBoth = async (blockerId: string, blockedId: string, blocked: boolean) => {
    const payload = JSON.stringify({ event: 'blocksChanged', payload: { blockerId, blockedId, blocked } } satisfies UserEvent);
    await Promise.all([bus.publish(subjects.userEvents(blockerId), payload), bus.publish(subjects.userEvents(blockedId), payload)]).catch(
      (error: unknown) => app.log.error({ err: error }, 'could not publish a block'),
    );
  };

  const blockLimit = limitPerUser(app, {
    name: 'block-user',
    perMinute: options.rateLimits.messagesPerMinutePerUser,
    message: TOO_FAST_ERRORS.blocks,
  });
  app.route({
    ...fromContract(routes.blockUser),
    preHandler: [app.requireUser, blockLimit],
    handler: async (request, reply) => {
      const blockedId = request.params.id;
      if (blockedId === request.userId) throw badRequest(MESSAGE_ERRORS.blockMyself);
      await requireContact(db, blockedId);
      await addBlock(db, request.userId, blockedId);
      // Written before it is told: a gateway that hears of it and reloads finds it there.
      await blockedPairs.block(request.userId, blockedId);
      await tellBoth(request.userId, blockedId, true);
      return reply.status(204).send();
    },
  });

  app.route({
    ...fromContract(routes.unblockUser),
    preHandler: [app.requireUser, blockLimit],
    handler: async (request, reply) => {
      const blockedId = request.params.id;
      await requireContact(db, blockedId);
      await removeBlock(db, request.userId, blockedId);
      await blockedPairs.unblock(request.userId, blockedId);
      await tellBoth(request.userId, blockedId, false);
      return reply.status(204).send();
    },
  });

  app.route({
    ...fromContract(routes.listBlocked),
    preHandler: app.requireUser,
    handler: async (request) => listBlocked(db, request.userId),
  });
};

import { IMAGE_BODY_LIMIT } from '@chat/media';
import { fromContract } from '@chat/kernel';
import { DEFAULT_PAGE, SOCKET_ID_HEADER, socketIdFrom, routes } from '@chat/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireContact } from '../contacts/contacts.js';
import type { ConversationRouteOptions } from '../deps.js';
import { listConversation } from './messages.js';
import { limitUserRequestsBy } from '../per-user-limit.js';
import { hideReadsFrom, sendsReadReceipts } from '../receipts/receipts.js';
import { acceptUploads, readSentFile } from './uploads.js';

/** Reading and sending the messages between the signed-in user and one other user. */
export const conversationRoutes: FastifyPluginAsyncTypebox<ConversationRouteOptions> = async (app, options) => {
  const { db, receipts, sendAs } = options;
  // Only the file route reads multipart bodies.
  await acceptUploads(app);

  app.route({
    ...fromContract(routes.history),
    preHandler: app.requireUser,
    handler: async (request) => {
      // Someone who deleted their account leaves their conversations behind, as from "Deleted user".
      await requireContact(db, request.params.id, { orDeleted: true });
      const { before, limit } = request.query;
      const page = await listConversation(db, request.userId, request.params.id, {
        before,
        limit: limit ? Number(limit) : DEFAULT_PAGE,
      });
      await receipts.fetched(request.userId, page);
      return (await sendsReadReceipts(db, request.userId)) ? page : page.map(hideReadsFrom(request.userId));
    },
  });

  app.route({
    ...fromContract(routes.sendMessage),
    preHandler: [app.requireUser, limitUserRequestsBy(options.sendCount)],
    bodyLimit: IMAGE_BODY_LIMIT,
    handler: async (request, reply) => {
      const { message, stored } = await sendAs(
        request.userId,
        { userId: request.params.id },
        request.body,
        socketIdFrom(request.headers[SOCKET_ID_HEADER]),
      );
      return reply.status(stored ? 201 : 200).send(message);
    },
  });

  app.route({
    ...fromContract(routes.sendFile),
    // Counted before the file is read; a picture or a forward is counted by the send itself.
    preHandler: [app.requireUser, limitUserRequestsBy(options.filesCount), limitUserRequestsBy(options.sendCount)],
    handler: async (request, reply) => {
      const { body, file } = await readSentFile(app, request);
      const { message, stored } = await sendAs(
        request.userId,
        { userId: request.params.id },
        body,
        socketIdFrom(request.headers[SOCKET_ID_HEADER]),
        file,
      );
      return reply.status(stored ? 201 : 200).send(message);
    },
  });
};

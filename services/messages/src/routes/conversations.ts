import { IMAGE_BODY_LIMIT } from '@chat/media';
import {
  DEFAULT_PAGE,
  HistoryQuerySchema,
  MessageSchema,
  SendBodySchema,
  SOCKET_ID_HEADER,
  socketIdFrom,
  UserIdParamsSchema,
} from '@chat/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { requireContact } from '../contacts.js';
import type { ConversationRouteOptions } from '../deps.js';
import { listConversation } from '../messages.js';
import { limitUserRequestsBy } from '../per-user-limit.js';
import { hideReadsFrom, sendsReadReceipts } from '../receipts.js';

/** Reading and sending the messages between the signed-in user and one other user. */
export const conversationRoutes: FastifyPluginAsyncTypebox<ConversationRouteOptions> = async (app, options) => {
  const { db, receipts, sendAs } = options;

  app.get(
    '/messages/:id',
    {
      preHandler: app.requireUser,
      schema: { params: UserIdParamsSchema, querystring: HistoryQuerySchema, response: { 200: Type.Array(MessageSchema) } },
    },
    async (request) => {
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
  );


  app.post(
    '/messages/send/:id',
    {
      preHandler: [app.requireUser, limitUserRequestsBy(options.sendCount)],
      bodyLimit: IMAGE_BODY_LIMIT,
      schema: { params: UserIdParamsSchema, body: SendBodySchema, response: { 200: MessageSchema, 201: MessageSchema } },
    },
    async (request, reply) => {
      const { message, stored } = await sendAs(request.userId, request.params.id, request.body, socketIdFrom(request.headers[SOCKET_ID_HEADER]));
      return reply.status(stored ? 201 : 200).send(message);
    },
  );
};

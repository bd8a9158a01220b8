import { badRequest, Counter, notFound } from '@chat/kernel';
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
import { blockedError } from '../blocks.js';
import { requireContact } from '../contacts.js';
import type { MessagesRouteOptions } from '../deps.js';
import { listConversation } from '../messages.js';
import { requireTextWithinLimit } from '../message-text.js';
import { limitPerUser } from '../per-user-limit.js';
import { hideReadsFrom, sendsReadReceipts } from '../receipts.js';
import { createSendMessage } from '../send-message.js';

/** Reading and sending the messages between the signed-in user and one other user. */
export const conversationRoutes: FastifyPluginAsyncTypebox<MessagesRouteOptions> = async (app, options) => {
  const { db, receipts } = options;
  const sendMessage = createSendMessage({ ...options, log: app.log });
  const sends = new Counter({
    name: 'chat_messages_sent_total',
    help: 'Messages sent, by outcome: stored, or a duplicate of one already stored (a retry)',
    labelNames: ['outcome'],
    registers: [app.metrics],
  });

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

  const sendLimit = limitPerUser(app, {
    name: 'send-user',
    perMinute: options.rateLimits.messagesPerMinutePerUser,
    message: 'You are sending messages too fast. Please slow down.',
  });

  app.post(
    '/messages/send/:id',
    {
      preHandler: [app.requireUser, sendLimit],
      bodyLimit: IMAGE_BODY_LIMIT,
      schema: { params: UserIdParamsSchema, body: SendBodySchema, response: { 200: MessageSchema, 201: MessageSchema } },
    },
    async (request, reply) => {
      const senderId = request.userId;
      const receiverId = request.params.id;
      const text = request.body.text?.trim() || null;
      const imageDataUrl = request.body.image || null;
      const clientMessageId = request.body.clientMessageId ?? null;
      if (!text && !imageDataUrl) throw badRequest('Message must have text or an image');
      if (text) requireTextWithinLimit(text);
      if (receiverId === senderId) throw badRequest('You cannot send a message to yourself');

      const result = await sendMessage({
        senderId,
        receiverId,
        text,
        imageDataUrl,
        clientMessageId,
        replyToId: request.body.replyTo ?? null,
        originSocketId: socketIdFrom(request.headers[SOCKET_ID_HEADER]),
      });
      if (result.status === 'unknown-receiver') throw notFound('User not found');
      if (result.status === 'blocked') throw blockedError(result.block);
      if (result.status === 'reply-not-found') throw badRequest('You can only reply to a message in this conversation');
      if (result.status === 'reply-deleted') throw badRequest('A deleted message cannot be replied to');
      sends.inc({ outcome: result.status });
      return reply.status(result.status === 'stored' ? 201 : 200).send(result.message);
    },
  );
};

import { socketIdFrom } from '@chat/contracts';
import { badRequest, notFound } from '@chat/kernel';
import { cleanImageDataUrl, IMAGE_BODY_LIMIT, mediaKeys, mediaUrl } from '@chat/media';
import { limitRequests } from '@chat/rate-limits';
import {
  DEFAULT_PAGE,
  HistoryQuerySchema,
  MAX_TEXT,
  MessageSchema,
  SendBodySchema,
  SOCKET_ID_HEADER,
  subjects,
  UserIdParamsSchema,
  type MessageDelivery,
} from '@chat/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { contactExists } from '../contacts.js';
import type { MessagesServiceOptions } from '../deps.js';
import { createMessageWriter } from '../message-writer.js';
import { findByClientMessageId, listConversation, type ChatMessage } from '../messages.js';

/** Reading and sending the messages between the signed-in user and one other user. */
export const conversationRoutes: FastifyPluginAsyncTypebox<MessagesServiceOptions> = async (app, options) => {
  const { db, bus, blobs } = options;
  const writer = createMessageWriter(db);
  const requireContact = async (userId: string) => {
    if (!(await contactExists(db, userId))) throw notFound('User not found');
  };

  app.get(
    '/messages/:id',
    {
      preHandler: app.requireUser,
      schema: { params: UserIdParamsSchema, querystring: HistoryQuerySchema, response: { 200: Type.Array(MessageSchema) } },
    },
    async (request) => {
      await requireContact(request.params.id);
      const { before, limit } = request.query;
      return listConversation(db, request.userId, request.params.id, {
        before,
        limit: limit ? Number(limit) : DEFAULT_PAGE,
      });
    },
  );

  const sendLimit = limitRequests(app, {
    name: 'send-user',
    max: options.rateLimits.messagesPerMinutePerUser,
    windowMs: 60_000,
    key: (request) => request.userId,
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
      if (text && text.length > MAX_TEXT) throw badRequest(`Message must be at most ${MAX_TEXT} characters`);
      if (receiverId === senderId) throw badRequest('You cannot send a message to yourself');

      // An image is costly to clean and store: it is done only for a known receiver, and never
      // twice for a retried clientMessageId. A text goes straight to the one INSERT.
      let imageKey: string | null = null;
      if (imageDataUrl) {
        await requireContact(receiverId);
        const earlier = clientMessageId && (await findByClientMessageId(db, senderId, clientMessageId));
        if (earlier) return reply.status(200).send(earlier);
        const image = await cleanImageDataUrl(imageDataUrl);
        imageKey = mediaKeys.messageImage(senderId, receiverId, image.extension);
        await blobs.put(imageKey, image.bytes);
      }
      const message = await writer.insert({
        senderId,
        receiverId,
        text,
        image: imageKey && mediaUrl(imageKey),
        clientMessageId,
      });
      if (!message) {
        // Not stored: an unknown receiver, or a retry whose first attempt won.
        if (imageKey) await blobs.delete(imageKey);
        await requireContact(receiverId);
        const earlier = clientMessageId && (await findByClientMessageId(db, senderId, clientMessageId));
        if (!earlier) throw new Error('message not stored, yet no earlier one with its clientMessageId');
        return reply.status(200).send(earlier);
      }
      await deliver(message, socketIdFrom(request.headers[SOCKET_ID_HEADER]));
      return reply.status(201).send(message);
    },
  );

  /** Live delivery is best effort: the message is stored, and a client re-fetches after a reconnect. */
  async function deliver(message: ChatMessage, originSocketId: string | undefined) {
    const delivery: MessageDelivery = { message, originSocketId };
    const payload = JSON.stringify(delivery);
    try {
      await Promise.all([
        bus.publish(subjects.userMessages(message.receiverId), payload),
        bus.publish(subjects.userMessages(message.senderId), payload),
      ]);
    } catch (error) {
      app.log.error({ err: error, messageId: message._id }, 'could not publish a stored message');
    }
  }
};

import multipart, { type MultipartFields } from '@fastify/multipart';
import { IMAGE_BODY_LIMIT, videoExtensionOf, voiceExtensionOf } from '@chat/media';
import { badRequest, compileCheck, payloadTooLarge, fromContract } from '@chat/kernel';
import {
  cleanFileName,
  DEFAULT_PAGE,
  FILE_ERRORS,
  MAX_FILE_BYTES,
  MAX_TEXT,
  SEND_FILE_PART,
  SendFileFieldsSchema,
  SOCKET_ID_HEADER,
  socketIdFrom,
  VOICE_MESSAGE_NAME,
  routes,
} from '@chat/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireContact } from '../contacts/contacts.js';
import type { ConversationRouteOptions } from '../deps.js';
import { listConversation } from './messages.js';
import { limitUserRequestsBy } from '../per-user-limit.js';
import type { UploadedFile } from './send-message.js';
import { hideReadsFrom, sendsReadReceipts } from '../receipts/receipts.js';

const checkFileFields = compileCheck(SendFileFieldsSchema);

/** The plain fields that came before a multipart's file, as one object (a field sent twice is refused by the schema as a list). */
function fieldValues(fields: MultipartFields): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(fields)) {
    if (name === SEND_FILE_PART || !field) continue;
    values[name] = Array.isArray(field)
      ? field.map((each) => ('value' in each ? each.value : null))
      : 'value' in field
        ? field.value
        : null;
  }
  return values;
}

/** Reading and sending the messages between the signed-in user and one other user. */
export const conversationRoutes: FastifyPluginAsyncTypebox<ConversationRouteOptions> = async (app, options) => {
  const { db, receipts, sendAs } = options;
  // Only the file route reads multipart bodies: one file, after at most its three fields (a caption
  // of MAX_TEXT characters of up to four bytes each).
  await app.register(multipart, {
    limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 3, parts: 4, fieldSize: MAX_TEXT * 4, fieldNameSize: 32 },
  });

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
        request.params.id,
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
      if (!request.isMultipart()) throw badRequest(FILE_ERRORS.notMultipart);
      const part = await request.file();
      if (!part || part.fieldname !== SEND_FILE_PART) throw badRequest(FILE_ERRORS.missing);
      const fields = checkFileFields(fieldValues(part.fields));
      if ('message' in fields) throw badRequest(fields.message);
      const bytes = await part.toBuffer().catch((error: unknown) => {
        throw error instanceof app.multipartErrors.RequestFileTooLargeError ? payloadTooLarge(FILE_ERRORS.tooLarge) : error;
      });
      // toBuffer checks the limit after each piece it reads: the one that ends the stream may come
      // before the stream says it was cut short (seen in CI), and the file would be kept cut.
      if (part.file.truncated) throw payloadTooLarge(FILE_ERRORS.tooLarge);
      if (bytes.length === 0) throw badRequest(FILE_ERRORS.empty);
      const socketId = socketIdFrom(request.headers[SOCKET_ID_HEADER]);
      const { voiceSeconds, ...body } = fields.value;
      // A voice message is played where it is shown, so served as audio: only a recording may be one.
      const extension = voiceSeconds ? await voiceExtensionOf(bytes) : null;
      if (voiceSeconds && !extension) throw badRequest(FILE_ERRORS.notAudio);
      // Any other file that is a video a browser plays is played where it is shown, as WhatsApp does.
      const file: UploadedFile =
        voiceSeconds && extension
          ? { bytes, name: VOICE_MESSAGE_NAME, voice: { seconds: Number(voiceSeconds), extension } }
          : { bytes, name: cleanFileName(part.filename), video: (await videoExtensionOf(bytes)) ?? undefined };
      const { message, stored } = await sendAs(request.userId, request.params.id, body, socketId, file);
      return reply.status(stored ? 201 : 200).send(message);
    },
  });
};

import multipart, { type MultipartFields } from '@fastify/multipart';
import { videoExtensionOf, voiceExtensionOf } from '@chat/media';
import { badRequest, compileCheck, payloadTooLarge } from '@chat/kernel';
import {
  cleanFileName,
  FILE_ERRORS,
  MAX_FILE_BYTES,
  MAX_TEXT,
  SEND_FILE_PART,
  SendFileFieldsSchema,
  VOICE_MESSAGE_NAME,
} from '@chat/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UploadedFile } from './send-message.js';

const checkFileFields = compileCheck(SendFileFieldsSchema);

/**
 * Lets the plugin's routes read multipart bodies: one file, after at most its three fields (a
 * caption of MAX_TEXT characters of up to four bytes each).
 */
export const acceptUploads = (app: FastifyInstance) =>
  app.register(multipart, {
    limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 3, parts: 4, fieldSize: MAX_TEXT * 4, fieldNameSize: 32 },
  });

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

/**
 * A file sent as multipart/form-data, read whole within its limit, with the send's fields: a voice
 * message (only a recording may be one) or a document; a video a browser plays is marked to be
 * played where it is shown, as WhatsApp does.
 */
export async function readSentFile(app: FastifyInstance, request: FastifyRequest) {
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
  const { voiceSeconds, ...body } = fields.value;
  const extension = voiceSeconds ? await voiceExtensionOf(bytes) : null;
  if (voiceSeconds && !extension) throw badRequest(FILE_ERRORS.notAudio);
  const file: UploadedFile =
    voiceSeconds && extension
      ? { bytes, name: VOICE_MESSAGE_NAME, voice: { seconds: Number(voiceSeconds), extension } }
      : { bytes, name: cleanFileName(part.filename), video: (await videoExtensionOf(bytes)) ?? undefined };
  return { body, file };
}

import type { BlobStore } from '@chat/blobs';
import type { Bus } from '@chat/bus';
import { FORWARD_ERRORS, STORAGE_FULL, type FileAttachment, type SendBody, type UserEvent } from '@chat/contracts';
import type { Database } from '@chat/database';
import { badRequest, Counter, notFound, payloadTooLarge, tooManyRequests, type Registry } from '@chat/kernel';
import { cleanImageDataUrl, makeThumbnail, mediaKeys, mediaUrl, thumbnailKey, type VideoExtension, type VoiceExtension } from '@chat/media';
import type { KeyLimiter } from '@chat/rate-limits';
import type { FastifyBaseLogger } from 'fastify';
import { blockBetween, blockedError } from '../blocks/blocks.js';
import { contactExists } from '../contacts/contacts.js';
import { createMessageWriter } from './message-writer.js';
import { requireTextWithinLimit } from './message-text.js';
import {
  findByClientMessageId,
  findOwnOrReceived,
  findReplyTarget,
  mediaBytesOf,
  storageUsedBy,
  type ChatMessage,
  type InsertResult,
} from './messages.js';
import { publishToBoth } from './publish-to-both.js';

export interface SendRequest {
  senderId: string;
  receiverId: string;
  text: string | null;
  /** A data URL, checked and re-encoded before it is stored. */
  imageDataUrl: string | null;
  clientMessageId: string | null;
  /** The id of the message of this conversation that this one answers. */
  replyToId: string | null;
  /** The id of a message the sender sent or received, whose text, image and file this one copies. */
  forwardOfId: string | null;
  /** A file (a document) uploaded with it. */
  file: UploadedFile | null;
  /** Its sender removed its first web link's card. */
  noLinkPreview?: boolean;
  /** The sender's socket that sent it over HTTP: that tab gets no echo. */
  originSocketId?: string;
}

/** What became of a send: as an insert says, or refused because what it answers cannot be answered. */
export type SendResult =
  | InsertResult
  /** Past the sender's budget of files and pictures this minute. */
  | { status: 'media-limited'; message: string }
  /** What it would store does not fit in what the sender's messages may keep. */
  | { status: 'storage-full' }
  | { status: 'reply-not-found' }
  | { status: 'reply-deleted' }
  | { status: 'forward-not-found' }
  | { status: 'forward-deleted' };

/** A file as it came with a send (or as a forward copies it): its bytes and its name, cleaned. */
export interface UploadedFile {
  bytes: Buffer;
  name: string;
  /** A voice message: how long it lasts, and the kind of recording its bytes are. */
  voice?: { seconds: number; extension: VoiceExtension };
  /** A video a browser plays: the kind its bytes are. */
  video?: VideoExtension;
}

export interface MediaBounds {
  /** Counts the sender's files and pictures (one budget with the file route's). */
  count: KeyLimiter;
  /** What one user's messages may keep in the object store, in bytes. */
  quotaBytes: number;
}

/**
 * Sending a message: store it once (a retried clientMessageId answers the first attempt's
 * message), then hand it to both users' sockets. A reply answers a message of the same
 * conversation that still stands.
 */
export function createSendMessage(deps: { db: Database; bus: Bus; blobs: BlobStore; log: FastifyBaseLogger; media: MediaBounds }) {
  const { db, bus, blobs, log, media } = deps;
  const writer = createMessageWriter(db);

  /** Live delivery is best effort: the message is stored, and a client re-fetches after a reconnect. */
  const deliver = (message: ChatMessage, originSocketId: string | undefined) => {
    const payload = JSON.stringify({ event: 'newMessage', payload: message, originSocketId } satisfies UserEvent);
    return publishToBoth({ bus, log }, message, { toSender: payload, toReceiver: payload }, 'could not publish a stored message');
  };

  return async function sendMessage(request: SendRequest): Promise<SendResult> {
    const { senderId, receiverId, clientMessageId, replyToId, forwardOfId, imageDataUrl, file: upload } = request;
    let { text } = request;
    if (replyToId) {
      const target = await findReplyTarget(db, { messageId: replyToId, userA: senderId, userB: receiverId });
      if (target !== 'found') return { status: target === 'deleted' ? 'reply-deleted' : 'reply-not-found' };
    }
    // A forward carries the very photo or file of the message it copies: stored once, whoever's
    // messages carry it (each of them may read it), counted against each sender's storage.
    let forwarded: { image: string | null; file: FileAttachment | null; mediaBytes: number } | null = null;
    if (forwardOfId) {
      const source = await findOwnOrReceived(db, forwardOfId, senderId);
      if (!source) return { status: 'forward-not-found' };
      if (source.deletedAt) return { status: 'forward-deleted' };
      text = source.text;
      if (source.image || source.file)
        forwarded = { image: source.image, file: source.file, mediaBytes: await mediaBytesOf(db, source._id) };
    }
    // An image or a file is costly to clean and store: it is done only for a known receiver who may
    // be written to, and never twice for a retried clientMessageId. A text goes straight to the one INSERT.
    let imageKey: string | null = null;
    let savedFile: { key: string; attachment: FileAttachment } | null = null;
    let mediaBytes = 0;
    if (imageDataUrl || upload || forwarded) {
      if (!(await contactExists(db, receiverId))) return { status: 'unknown-receiver' };
      const earlier = clientMessageId && (await findByClientMessageId(db, senderId, clientMessageId));
      if (earlier) return { status: 'duplicate', message: earlier };
      const block = await blockBetween(db, senderId, receiverId);
      if (block !== 'none') return { status: 'blocked', block };
      // An uploaded file was counted by its route before it was read; a picture or a forward is counted here.
      if (!upload) {
        const counted = await media.count(senderId);
        if (!counted.allowed) return { status: 'media-limited', message: counted.message };
      }
      const cleanImage = imageDataUrl ? await cleanImageDataUrl(imageDataUrl) : null;
      // Lists show the thumbnail, made now so the first look at the conversation does not wait for it.
      const thumbnail = cleanImage && (await makeThumbnail(cleanImage.bytes, cleanImage.extension));
      mediaBytes =
        forwarded?.mediaBytes ?? (cleanImage && thumbnail ? cleanImage.bytes.length + thumbnail.length : 0) + (upload?.bytes.length ?? 0);
      if ((await storageUsedBy(db, senderId)) + mediaBytes > media.quotaBytes) return { status: 'storage-full' };
      if (cleanImage && thumbnail) {
        imageKey = mediaKeys.messageImage(senderId, receiverId, cleanImage.extension, cleanImage.size);
        await Promise.all([blobs.put(imageKey, cleanImage.bytes), blobs.put(thumbnailKey(imageKey), thumbnail)]);
      }
      if (upload) {
        const { voice, video } = upload;
        const key = voice
          ? mediaKeys.messageVoice(senderId, receiverId, voice.extension)
          : video
            ? mediaKeys.messageVideo(senderId, receiverId, video)
            : mediaKeys.messageFile(senderId, receiverId);
        await blobs.put(key, upload.bytes);
        const attachment: FileAttachment = { url: mediaUrl(key), name: upload.name, size: upload.bytes.length };
        if (voice) attachment.voice = { seconds: voice.seconds };
        if (video) attachment.video = true;
        savedFile = { key, attachment };
      }
    }
    const result = await writer.insert({
      senderId,
      receiverId,
      text,
      image: forwarded ? forwarded.image : imageKey && mediaUrl(imageKey),
      clientMessageId,
      replyToId,
      forwarded: forwardOfId !== null,
      file: forwarded ? forwarded.file : (savedFile?.attachment ?? null),
      mediaBytes,
      noLinkPreview: request.noLinkPreview ?? false,
    });
    if (result.status === 'stored') await deliver(result.message, request.originSocketId);
    else {
      const unused = [...(imageKey ? [imageKey, thumbnailKey(imageKey)] : []), ...(savedFile ? [savedFile.key] : [])];
      await Promise.all(unused.map((key) => blobs.delete(key)));
    }
    return result;
  };
}

/**
 * A user's send, over HTTP or relayed from their socket: checked alike and answered alike, with
 * the message as stored (`stored` false when a retry found it stored already), or an HttpError
 * saying why not.
 */
export type SendAs = (
  senderId: string,
  receiverId: string,
  body: SendBody,
  originSocketId?: string,
  /** A file uploaded with the send (HTTP only), with `body.text` as its caption. */
  file?: UploadedFile,
) => Promise<{ message: ChatMessage; stored: boolean }>;

export function createSendAs(deps: {
  db: Database;
  bus: Bus;
  blobs: BlobStore;
  log: FastifyBaseLogger;
  metrics: Registry;
  media: MediaBounds;
}): SendAs {
  const sendMessage = createSendMessage(deps);
  const sends = new Counter({
    name: 'chat_messages_sent_total',
    help: 'Messages sent, by outcome: stored, or a duplicate of one already stored (a retry)',
    labelNames: ['outcome'],
    registers: [deps.metrics],
  });
  return async (senderId, receiverId, body, originSocketId, file) => {
    const text = body.text?.trim() || null;
    const imageDataUrl = body.image || null;
    const forwardOfId = body.forwardOf ?? null;
    if (forwardOfId && (text || imageDataUrl || body.replyTo)) throw badRequest(FORWARD_ERRORS.withContent);
    if (!text && !imageDataUrl && !forwardOfId && !file) throw badRequest('Message must have text or an image');
    if (text) requireTextWithinLimit(text);
    if (receiverId === senderId) throw badRequest('You cannot send a message to yourself');
    const result = await sendMessage({
      senderId,
      receiverId,
      text,
      imageDataUrl,
      clientMessageId: body.clientMessageId ?? null,
      replyToId: body.replyTo ?? null,
      forwardOfId,
      file: file ?? null,
      noLinkPreview: body.linkPreview === false,
      originSocketId,
    });
    if (result.status === 'unknown-receiver') throw notFound('User not found');
    if (result.status === 'blocked') throw blockedError(result.block);
    if (result.status === 'reply-not-found') throw badRequest('You can only reply to a message in this conversation');
    if (result.status === 'reply-deleted') throw badRequest('A deleted message cannot be replied to');
    if (result.status === 'forward-not-found') throw notFound('Message not found');
    if (result.status === 'forward-deleted') throw badRequest(FORWARD_ERRORS.deleted);
    if (result.status === 'media-limited') throw tooManyRequests(result.message);
    if (result.status === 'storage-full') throw payloadTooLarge(STORAGE_FULL);
    sends.inc({ outcome: result.status });
    return { message: result.message, stored: result.status === 'stored' };
  };
}

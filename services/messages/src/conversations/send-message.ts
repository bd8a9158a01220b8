import type { BlobStore } from '@chat/blobs';
import type { Bus } from '@chat/bus';
import { FORWARD_ERRORS, STORAGE_FULL, type FileAttachment, type SendBody, type UserEvent, MESSAGE_ERRORS } from '@chat/contracts';
import type { Database } from '@chat/database';
import { badRequest, Counter, notFound, payloadTooLarge, tooManyRequests, type Registry } from '@chat/kernel';
import { cleanImageDataUrl, makeThumbnail, mediaKeys, mediaUrl, thumbnailKey, type VideoExtension, type VoiceExtension } from '@chat/media';
import type { KeyLimiter } from '@chat/rate-limits';
import type { FastifyBaseLogger } from 'fastify';
import { blockBetween, blockedError } from '../blocks/blocks.js';
import { contactExists } from '../contacts/contacts.js';
import { groupEvents } from '../groups/group-events.js';
import { groupTarget } from '../groups/group-send.js';
import { createMessageWriter, type MessageWriter } from './message-writer.js';
import { requireTextWithinLimit } from './message-text.js';
import {
  findByClientMessageId,
  findOwnOrReceived,
  findReplyTarget,
  mediaBytesOf,
  storageUsedBy,
  type ChatMessage,
  type InsertResult,
  type NewMessage,
} from './messages.js';
import { publishToBoth } from './publish-to-both.js';
import type { Receipts } from '../receipts/receipts.js';

export interface SendRequest {
  senderId: string;
  text: string | null;
  /** A data URL, checked and re-encoded before it is stored. */
  imageDataUrl: string | null;
  clientMessageId: string | null;
  /** The id of the message of this conversation that this one answers. */
  replyToId: string | null;
  /** The id of a message the sender sent, received or saw in a group, whose text, image and file this one copies. */
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
 * Where a send goes, and how it is checked, stored and published there: one person (the send
 * stored beside the others of its turn, published to both people) or a group (stored and published
 * once, whatever its size). The steps between, and the media, are the same for both.
 */
export interface SendTarget {
  /** The conversation's id: the person's user id, or the group's. */
  id: string;
  /** Refuses an answer to a message that cannot be answered here; null when it can (a group checks as it stores). */
  checkReply(senderId: string, replyToId: string): Promise<SendResult | null>;
  /** Refuses a sender who may not send here now, asked before any picture or file is cleaned and stored; null when they may. */
  admitMedia(senderId: string): Promise<SendResult | null>;
  store(message: NewMessage): Promise<InsertResult>;
  /** Live delivery is best effort: the message is stored, and a client re-fetches after a reconnect. */
  deliver(message: ChatMessage, originSocketId: string | undefined): Promise<void>;
}

interface SendDeps {
  db: Database;
  bus: Bus;
  blobs: BlobStore;
  log: FastifyBaseLogger;
  media: MediaBounds;
}

/** A person as a send's target: the one-to-one conversation's checks, its batched writer, both people's sockets. */
export function personTarget({ db, bus, log }: Pick<SendDeps, 'db' | 'bus' | 'log'>, writer: MessageWriter) {
  return (receiverId: string): SendTarget => ({
    id: receiverId,
    async checkReply(senderId, replyToId) {
      const target = await findReplyTarget(db, { messageId: replyToId, userA: senderId, userB: receiverId });
      return target === 'found' ? null : { status: target === 'deleted' ? 'reply-deleted' : 'reply-not-found' };
    },
    async admitMedia(senderId) {
      if (!(await contactExists(db, receiverId))) return { status: 'unknown-receiver' };
      const block = await blockBetween(db, senderId, receiverId);
      return block === 'none' ? null : { status: 'blocked', block };
    },
    store: (message) => writer.insert(message),
    deliver(message, originSocketId) {
      const payload = JSON.stringify({ event: 'newMessage', payload: message, originSocketId } satisfies UserEvent);
      return publishToBoth({ bus, log }, message, { toSender: payload, toReceiver: payload }, 'could not publish a stored message');
    },
  });
}

/**
 * Sending a message: store it once (a retried clientMessageId answers the first attempt's
 * message), then hand it to the target's sockets. A reply answers a message of the same
 * conversation that still stands.
 */
export function createSendMessage(deps: SendDeps) {
  const { db, blobs, media } = deps;

  return async function sendMessage(request: SendRequest, to: SendTarget): Promise<SendResult> {
    const { senderId, clientMessageId, replyToId, forwardOfId, imageDataUrl, file: upload } = request;
    let { text } = request;
    const refusedReply = replyToId && (await to.checkReply(senderId, replyToId));
    if (refusedReply) return refusedReply;
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
    // An image or a file is costly to clean and store: it is done only for a target the sender may
    // write to, and never twice for a retried clientMessageId. A text goes straight to the one INSERT.
    let stored: StoredMedia = { imageKey: null, file: null };
    let mediaBytes = forwarded?.mediaBytes ?? 0;
    if (imageDataUrl || upload || forwarded) {
      const refused = await to.admitMedia(senderId);
      if (refused) return refused;
      const earlier = clientMessageId && (await findByClientMessageId(db, senderId, clientMessageId));
      if (earlier) return { status: 'duplicate', message: earlier };
      // An uploaded file was counted by its route before it was read; a picture or a forward is counted here.
      if (!upload) {
        const counted = await media.count(senderId);
        if (!counted.allowed) return { status: 'media-limited', message: counted.message };
      }
      const prepared = forwarded ? null : await prepareMedia(imageDataUrl, upload);
      mediaBytes = forwarded?.mediaBytes ?? prepared!.mediaBytes;
      if ((await storageUsedBy(db, senderId)) + mediaBytes > media.quotaBytes) return { status: 'storage-full' };
      if (prepared) stored = await putMedia(blobs, { senderId, conversationId: to.id }, prepared);
    }
    const result = await to.store({
      senderId,
      receiverId: to.id,
      text,
      image: forwarded ? forwarded.image : stored.imageKey && mediaUrl(stored.imageKey),
      clientMessageId,
      replyToId,
      forwarded: forwardOfId !== null,
      file: forwarded ? forwarded.file : (stored.file?.attachment ?? null),
      mediaBytes,
      noLinkPreview: request.noLinkPreview ?? false,
    });
    if (result.status === 'stored') await to.deliver(result.message, request.originSocketId);
    else await deleteStored(blobs, stored);
    return result;
  };
}

/** What a send put in the object store before its message was stored. */
interface StoredMedia {
  imageKey: string | null;
  file: { key: string; attachment: FileAttachment } | null;
}

/** A send's picture cleaned (its thumbnail made now, so the first look at the conversation does not wait for it) or its file, and their size. */
async function prepareMedia(imageDataUrl: string | null, upload: UploadedFile | null) {
  const cleanImage = imageDataUrl ? await cleanImageDataUrl(imageDataUrl) : null;
  const image = cleanImage && { ...cleanImage, thumbnail: await makeThumbnail(cleanImage.bytes, cleanImage.extension) };
  return { image, upload, mediaBytes: (image ? image.bytes.length + image.thumbnail.length : 0) + (upload?.bytes.length ?? 0) };
}

/** Stores a prepared picture or file under the conversation's keys. */
async function putMedia(
  blobs: BlobStore,
  { senderId, conversationId }: { senderId: string; conversationId: string },
  { image, upload }: Awaited<ReturnType<typeof prepareMedia>>,
): Promise<StoredMedia> {
  let imageKey: string | null = null;
  if (image) {
    imageKey = mediaKeys.messageImage(senderId, conversationId, image.extension, image.size);
    await Promise.all([blobs.put(imageKey, image.bytes), blobs.put(thumbnailKey(imageKey), image.thumbnail)]);
  }
  if (!upload) return { imageKey, file: null };
  const { voice, video } = upload;
  const key = voice
    ? mediaKeys.messageVoice(senderId, conversationId, voice.extension)
    : video
      ? mediaKeys.messageVideo(senderId, conversationId, video)
      : mediaKeys.messageFile(senderId, conversationId);
  await blobs.put(key, upload.bytes);
  const attachment: FileAttachment = { url: mediaUrl(key), name: upload.name, size: upload.bytes.length };
  if (voice) attachment.voice = { seconds: voice.seconds };
  if (video) attachment.video = true;
  return { imageKey, file: { key, attachment } };
}

/** What a send stored for a message that was not stored after all (a retry's, a refused one's). */
const deleteStored = (blobs: BlobStore, { imageKey, file }: StoredMedia) =>
  Promise.all([...(imageKey ? [imageKey, thumbnailKey(imageKey)] : []), ...(file ? [file.key] : [])].map((key) => blobs.delete(key)));

/** Whom a send is for: a person, or a group the sender is in. */
export type Recipient = { userId: string } | { groupId: string };

/**
 * A user's send, over HTTP or relayed from their socket: checked alike and answered alike, with
 * the message as stored (`stored` false when a retry found it stored already), or an HttpError
 * saying why not.
 */
export type SendAs = (
  senderId: string,
  to: Recipient,
  body: SendBody,
  originSocketId?: string,
  /** A file uploaded with the send (HTTP only), with `body.text` as its caption. */
  file?: UploadedFile,
) => Promise<{ message: ChatMessage; stored: boolean }>;

export function createSendAs(deps: SendDeps & { metrics: Registry; receipts: Receipts }): SendAs {
  const sendMessage = createSendMessage(deps);
  const toPerson = personTarget(deps, createMessageWriter(deps.db));
  const toGroup = groupTarget({ db: deps.db, events: groupEvents(deps), receipts: deps.receipts.groups });
  const sends = new Counter({
    name: 'chat_messages_sent_total',
    help: 'Messages sent, by outcome: stored, or a duplicate of one already stored (a retry)',
    labelNames: ['outcome'],
    registers: [deps.metrics],
  });
  return async (senderId, to, body, originSocketId, file) => {
    const text = body.text?.trim() || null;
    const imageDataUrl = body.image || null;
    const forwardOfId = body.forwardOf ?? null;
    if (forwardOfId && (text || imageDataUrl || body.replyTo)) throw badRequest(FORWARD_ERRORS.withContent);
    if (!text && !imageDataUrl && !forwardOfId && !file) throw badRequest(MESSAGE_ERRORS.nothingToSend);
    if (text) requireTextWithinLimit(text);
    if ('userId' in to && to.userId === senderId) throw badRequest(MESSAGE_ERRORS.toMyself);
    const target = 'userId' in to ? toPerson(to.userId) : toGroup(to.groupId, body.mentions ?? []);
    const result = await sendMessage(
      {
        senderId,
        text,
        imageDataUrl,
        clientMessageId: body.clientMessageId ?? null,
        replyToId: body.replyTo ?? null,
        forwardOfId,
        file: file ?? null,
        noLinkPreview: body.linkPreview === false,
        originSocketId,
      },
      target,
    );
    if (result.status === 'unknown-receiver') throw notFound(MESSAGE_ERRORS.userNotFound);
    if (result.status === 'blocked') throw blockedError(result.block);
    if (result.status === 'reply-not-found') throw badRequest(MESSAGE_ERRORS.replyElsewhere);
    if (result.status === 'reply-deleted') throw badRequest(MESSAGE_ERRORS.replyToDeleted);
    if (result.status === 'forward-not-found') throw notFound(MESSAGE_ERRORS.notFound);
    if (result.status === 'forward-deleted') throw badRequest(FORWARD_ERRORS.deleted);
    if (result.status === 'media-limited') throw tooManyRequests(result.message);
    if (result.status === 'storage-full') throw payloadTooLarge(STORAGE_FULL);
    sends.inc({ outcome: result.status });
    return { message: result.message, stored: result.status === 'stored' };
  };
}

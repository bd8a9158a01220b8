import { PAGE_ERRORS } from '@chat/contracts';
import { notFound } from '@chat/kernel';
import {
  contentTypeOf,
  makeThumbnail,
  mediaUrl,
  parseMediaKey,
  thumbnailKey,
  videoContentTypeOf,
  voiceContentTypeOf,
  type MediaAccess,
} from '@chat/media';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import parseRange from 'range-parser';
import { Type } from 'typebox';
import type { MessagesServiceOptions } from '../deps.js';
import { carriesMediaFor } from '../conversations/messages.js';

/**
 * Stored images and files: a message's image or file to the people of the messages that carry it,
 * avatars, groups' pictures and link cards' pictures to anyone signed in.
 */
export const mediaRoutes: FastifyPluginAsyncTypebox<MessagesServiceOptions> = async (app, { db, blobs }) => {
  app.get(
    '/media/*',
    {
      preHandler: app.requireUser,
      schema: {
        querystring: Type.Object({ size: Type.Optional(Type.Literal('thumb', { errorMessage: 'size must be thumb' })) }),
      },
    },
    async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      const media = parseMediaKey(key);
      // A photo or file is the reader's while a message of theirs carries it: the one it came with, or
      // a forward (which keeps the stored bytes of what it copies); once deleted for everyone, nobody's.
      // Anyone else's answers exactly like a missing one, so keys cannot be probed.
      const forAnyone = media?.kind === 'avatar' || media?.kind === 'group-picture' || media?.kind === 'preview';
      if (!media || (!forAnyone && !(await carriesMediaFor(db, mediaUrl(key), request.userId)))) throw notFound();
      void reply
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox");
      const wantsThumbnail = request.query.size === 'thumb' && media.kind === 'message';
      const bytes = wantsThumbnail ? await thumbnailOf(key, media.extension) : await blobs.get(key);
      if (!bytes) throw notFound();
      if (media.kind === 'file') {
        // Never shown by the browser, whatever it holds: downloaded, under the name its message keeps.
        return reply.header('content-type', 'application/octet-stream').header('content-disposition', 'attachment').send(bytes);
      }
      if (media.kind === 'voice' || media.kind === 'video') return sendPlayable(reply, media, bytes, request.headers.range);
      return reply.header('content-type', contentTypeOf(wantsThumbnail ? 'webp' : media.extension)).send(bytes);
    },
  );

  /**
   * A recording or a video, played where it is shown: a player asks for the part it needs (to seek,
   * or to read an MP4's index at its end), so a single byte range is answered as a part of it.
   */
  function sendPlayable(
    reply: FastifyReply,
    media: Extract<MediaAccess, { kind: 'voice' | 'video' }>,
    bytes: Buffer,
    range: string | undefined,
  ) {
    void reply
      .header('content-type', media.kind === 'voice' ? voiceContentTypeOf(media.extension) : videoContentTypeOf(media.extension))
      .header('accept-ranges', 'bytes');
    const ranges = range === undefined ? undefined : parseRange(bytes.length, range, { combine: true });
    // Asked for no range, or several (which a player never asks for): the whole of it.
    if (ranges === undefined || ranges === -2 || (ranges !== -1 && ranges.length !== 1)) return reply.send(bytes);
    if (ranges === -1) {
      return reply
        .status(416)
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-range', `bytes */${bytes.length}`)
        .send({ message: PAGE_ERRORS.badRange });
    }
    const { start, end } = ranges[0]!;
    return reply
      .status(206)
      .header('content-range', `bytes ${start}-${end}/${bytes.length}`)
      .send(bytes.subarray(start, end + 1));
  }

  /** An image's thumbnail; one sent before thumbnails existed gets it made and kept on its first ask. */
  async function thumbnailOf(key: string, extension: Parameters<typeof makeThumbnail>[1]): Promise<Buffer | null> {
    const kept = await blobs.get(thumbnailKey(key));
    if (kept) return kept;
    const original = await blobs.get(key);
    if (!original) return null;
    const thumbnail = await makeThumbnail(original, extension);
    await blobs.put(thumbnailKey(key), thumbnail);
    return thumbnail;
  }
};

import { notFound } from '@chat/kernel';
import { contentTypeOf, makeThumbnail, parseMediaKey, thumbnailKey } from '@chat/media';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { MessagesServiceOptions } from '../deps.js';

/** Stored images: a message's image to its two participants, avatars to anyone signed in. */
export const mediaRoutes: FastifyPluginAsyncTypebox<MessagesServiceOptions> = async (app, { blobs }) => {
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
      // Someone else's image answers exactly like a missing one, so keys cannot be probed.
      if (!media || (media.kind === 'message' && !media.participants.includes(request.userId))) throw notFound();
      const wantsThumbnail = request.query.size === 'thumb' && media.kind === 'message';
      const bytes = wantsThumbnail ? await thumbnailOf(key, media.extension) : await blobs.get(key);
      if (!bytes) throw notFound();
      return reply
        .header('content-type', contentTypeOf(wantsThumbnail ? 'webp' : media.extension))
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(bytes);
    },
  );

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

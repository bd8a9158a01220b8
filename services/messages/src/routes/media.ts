import { notFound } from '@chat/kernel';
import { contentTypeOf, parseMediaKey } from '@chat/media';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { MessagesServiceOptions } from '../deps.js';

/** Stored images: a message's image to its two participants, avatars to anyone signed in. */
export const mediaRoutes: FastifyPluginAsyncTypebox<MessagesServiceOptions> = async (app, { blobs }) => {
  app.get('/media/*', { preHandler: app.requireUser }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const media = parseMediaKey(key);
    // Someone else's image answers exactly like a missing one, so keys cannot be probed.
    if (!media || (media.kind === 'message' && !media.participants.includes(request.userId))) throw notFound();
    const bytes = await blobs.get(key);
    if (!bytes) throw notFound();
    return reply
      .header('content-type', contentTypeOf(media.extension))
      .header('cache-control', 'private, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(bytes);
  });
};

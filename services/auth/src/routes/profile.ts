import { cleanImageDataUrl, IMAGE_BODY_LIMIT, mediaKeyFromUrl, mediaKeys, mediaUrl, unauthorized } from '@chat/common';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AuthServiceOptions } from '../deps.js';
import { publishUserUpserted } from '../events.js';
import { UpdateProfileBody, UserSchema } from '../schemas.js';
import { findUserById, toPublicUser, updateProfilePic } from '../users.js';

export const profileRoutes: FastifyPluginAsyncTypebox<AuthServiceOptions> = async (app, { db, bus, blobs }) => {
  app.put(
    '/auth/update-profile',
    {
      preHandler: app.requireUser,
      bodyLimit: IMAGE_BODY_LIMIT,
      schema: { body: UpdateProfileBody, response: { 200: UserSchema } },
    },
    async (request) => {
      const before = await findUserById(db, request.userId);
      if (!before) throw unauthorized();
      const image = await cleanImageDataUrl(request.body.profilePic);
      const key = mediaKeys.avatar(before.id, image.extension);
      await blobs.put(key, image.bytes);
      const user = await updateProfilePic(db, before.id, mediaUrl(key));
      if (!user) throw unauthorized();
      await publishUserUpserted(bus, user);
      const previousKey = mediaKeyFromUrl(before.profilePic);
      if (previousKey) {
        await blobs.delete(previousKey).catch((error: unknown) => {
          request.log.warn({ err: error }, 'could not delete the previous avatar');
        });
      }
      return toPublicUser(user);
    },
  );
};

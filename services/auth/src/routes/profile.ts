import { badRequest, unauthorized } from '@chat/kernel';
import { cleanImageDataUrl, IMAGE_BODY_LIMIT, mediaKeyFromUrl, mediaKeys, mediaUrl } from '@chat/media';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AuthRouteOptions } from '../deps.js';
import { enqueueUserUpserted, publishCommittedEvents } from '../events.js';
import { AuthUserSchema, UpdateProfileBodySchema, UpdateSettingsBodySchema } from '@chat/contracts';
import { findUserById, toPublicUser, updateProfilePic, updateSettings } from '../users.js';

export const profileRoutes: FastifyPluginAsyncTypebox<AuthRouteOptions> = async (app, { db, blobs, events }) => {
  app.put(
    '/auth/update-profile',
    {
      preHandler: app.requireUser,
      bodyLimit: IMAGE_BODY_LIMIT,
      schema: { body: UpdateProfileBodySchema, response: { 200: AuthUserSchema } },
    },
    async (request) => {
      const before = await findUserById(db, request.userId);
      if (!before) throw unauthorized();
      const image = await cleanImageDataUrl(request.body.profilePic);
      const key = mediaKeys.avatar(before.id, image.extension);
      await blobs.put(key, image.bytes);
      const user = await db.transaction(async (tx) => {
        const updated = await updateProfilePic(tx, before.id, mediaUrl(key));
        if (updated) await enqueueUserUpserted(tx, updated);
        return updated;
      });
      if (!user) throw unauthorized();
      await publishCommittedEvents(events, request.log);
      const previousKey = mediaKeyFromUrl(before.profilePic);
      if (previousKey) {
        await blobs.delete(previousKey).catch((error: unknown) => {
          request.log.warn({ err: error }, 'could not delete the previous avatar');
        });
      }
      return toPublicUser(user);
    },
  );

  app.put(
    '/auth/settings',
    { preHandler: app.requireUser, schema: { body: UpdateSettingsBodySchema, response: { 200: AuthUserSchema } } },
    async (request) => {
      const { sendReadReceipts, showLastSeen } = request.body;
      if (sendReadReceipts === undefined && showLastSeen === undefined) {
        throw badRequest('Name a setting to change: sendReadReceipts or showLastSeen');
      }
      const user = await db.transaction(async (tx) => {
        const updated = await updateSettings(tx, request.userId, request.body);
        if (updated) await enqueueUserUpserted(tx, updated);
        return updated;
      });
      if (!user) throw unauthorized();
      await publishCommittedEvents(events, request.log);
      return toPublicUser(user);
    },
  );
};

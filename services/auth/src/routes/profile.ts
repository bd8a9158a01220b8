import { badRequest, fromContract, unauthorized } from '@chat/kernel';
import { limitRequests } from '@chat/rate-limits';
import { cleanImageDataUrl, IMAGE_BODY_LIMIT, mediaKeyFromUrl, mediaKeys, mediaUrl } from '@chat/media';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AuthRouteOptions } from '../deps.js';
import { enqueueUserUpserted, publishCommittedEvents } from '../events.js';
import { checkAbout, routes, ACCOUNT_MESSAGES } from '@chat/contracts';
import type { Queryable } from '@chat/database';
import type { FastifyBaseLogger } from 'fastify';
import { findUserById, toPublicUser, updateAbout, updateProfilePic, updateSettings, type UserRecord } from '../users.js';

/**
 * Changes of one's picture a user may make a minute: each costs image work and reaches everyone
 * who has them on screen, so it is counted like the other writes.
 */
export const PICTURE_CHANGES_PER_MINUTE = 10;

export const profileRoutes: FastifyPluginAsyncTypebox<AuthRouteOptions> = async (app, { db, blobs, events }) => {
  const pictureLimit = limitRequests(app, {
    name: 'picture-user',
    max: PICTURE_CHANGES_PER_MINUTE,
    windowMs: 60_000,
    key: (request) => request.userId,
    message: ACCOUNT_MESSAGES.photoTooOften,
  });

  /** Changes what others see of me and tells the other services, in one transaction; answers me as I am now. */
  const updateCard = async (log: FastifyBaseLogger, update: (tx: Queryable) => Promise<UserRecord | null>) => {
    const user = await db.transaction(async (tx) => {
      const updated = await update(tx);
      if (updated) await enqueueUserUpserted(tx, updated);
      return updated;
    });
    if (!user) throw unauthorized();
    await publishCommittedEvents(events, log);
    return user;
  };

  /** The picture a user had before a change: nobody can see it any more. */
  const deleteAvatarOf = async (before: UserRecord, log: FastifyBaseLogger) => {
    const key = mediaKeyFromUrl(before.profilePic);
    if (!key) return;
    await blobs.delete(key).catch((error: unknown) => log.warn({ err: error }, 'could not delete the previous avatar'));
  };

  app.route({
    ...fromContract(routes.updateProfilePicture),
    preHandler: [app.requireUser, pictureLimit],
    bodyLimit: IMAGE_BODY_LIMIT,
    handler: async (request) => {
      const before = await findUserById(db, request.userId);
      if (!before) throw unauthorized();
      const image = await cleanImageDataUrl(request.body.profilePic);
      const key = mediaKeys.avatar(before.id, image.extension);
      await blobs.put(key, image.bytes);
      const user = await updateCard(request.log, (tx) => updateProfilePic(tx, before.id, mediaUrl(key)));
      await deleteAvatarOf(before, request.log);
      return toPublicUser(user);
    },
  });

  // The default avatar again, as WhatsApp's "Remove photo".
  app.route({
    ...fromContract(routes.removeProfilePicture),
    preHandler: [app.requireUser, pictureLimit],
    handler: async (request) => {
      const before = await findUserById(db, request.userId);
      if (!before) throw unauthorized();
      const user = await updateCard(request.log, (tx) => updateProfilePic(tx, before.id, ''));
      await deleteAvatarOf(before, request.log);
      return toPublicUser(user);
    },
  });

  app.route({
    ...fromContract(routes.updateSettings),
    preHandler: app.requireUser,
    handler: async (request) => {
      const { sendReadReceipts, showLastSeen, callsFrom } = request.body;
      if (sendReadReceipts === undefined && showLastSeen === undefined && callsFrom === undefined) {
        throw badRequest(ACCOUNT_MESSAGES.noSetting);
      }
      return toPublicUser(await updateCard(request.log, (tx) => updateSettings(tx, request.userId, request.body)));
    },
  });

  app.route({
    ...fromContract(routes.updateAbout),
    preHandler: app.requireUser,
    handler: async (request) => {
      const checked = checkAbout(request.body.about);
      if (!checked.ok) throw badRequest(checked.message);
      return toPublicUser(await updateCard(request.log, (tx) => updateAbout(tx, request.userId, checked.value)));
    },
  });
};

import { TOO_FAST_ERRORS } from '@chat/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { MessagesRouteOptions } from '../deps.js';
import { exportUserData } from './export.js';
import { limitPerUser } from '../per-user-limit.js';

/** How often one user may export: each export reads their whole history. */
const EXPORTS_PER_MINUTE = 2;

/** My data as a zip download: my profile card, every conversation and the pictures. */
export const exportRoutes: FastifyPluginAsyncTypebox<MessagesRouteOptions> = async (app, { db, blobs }) => {
  const exportLimit = limitPerUser(app, {
    name: 'export-user',
    perMinute: EXPORTS_PER_MINUTE,
    message: TOO_FAST_ERRORS.exports,
  });

  app.get('/messages/export', { preHandler: [app.requireUser, exportLimit] }, async (request, reply) => {
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .type('application/zip')
      .header('content-disposition', `attachment; filename="chat-io-export-${day}.zip"`)
      .header('cache-control', 'no-store')
      .send(await exportUserData({ db, blobs, log: request.log }, request.userId));
  });
};

import { fromContract } from '@chat/kernel';
import { LINK_PREVIEWS_TOO_FAST, routes } from '@chat/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { MessagesRouteOptions } from '../deps.js';
import { limitPerUser } from '../per-user-limit.js';
import { linkCards } from './link-cards.js';
import { PUBLIC_WEB } from './safe-fetch.js';

/** Link previews a person may ask for a minute: each may cost the server a page and a picture fetched. */
const PREVIEWS_PER_MINUTE = 30;

/** The card of a web page, fetched by the server so the reader's address stays private. */
export const linkPreviewRoutes: FastifyPluginAsyncTypebox<MessagesRouteOptions> = async (app, { db, blobs, linkFetchPolicy }) => {
  const cards = linkCards({ db, blobs, policy: linkFetchPolicy ?? PUBLIC_WEB });
  app.route({
    ...fromContract(routes.linkPreview),
    preHandler: [
      app.requireUser,
      limitPerUser(app, { name: 'link-preview-user', perMinute: PREVIEWS_PER_MINUTE, message: LINK_PREVIEWS_TOO_FAST }),
    ],
    handler: async (request) => ({ card: await cards.cardOf(request.query.url) }),
  });
};

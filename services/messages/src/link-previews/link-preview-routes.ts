import { fromContract, tooManyRequests } from '@chat/kernel';
import { LINK_PREVIEWS_TOO_FAST, routes } from '@chat/contracts';
import { limitKeys } from '@chat/rate-limits';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { MessagesRouteOptions } from '../deps.js';
import { linkCards } from './link-cards.js';
import { PUBLIC_WEB } from './safe-fetch.js';

/** Pages a person may have the server fetch a minute (a card kept already costs nothing): each may be a page and a picture. */
const FETCHES_PER_MINUTE = 30;
/** How long a browser keeps an answer: a card changes at most once a day. */
const BROWSER_CACHE = 'private, max-age=3600';

/** The card of a web page, fetched by the server so the reader's address stays private. */
export const linkPreviewRoutes: FastifyPluginAsyncTypebox<MessagesRouteOptions> = async (app, { db, blobs, linkFetchPolicy }) => {
  const cards = linkCards({ db, blobs, policy: linkFetchPolicy ?? PUBLIC_WEB });
  const fetches = limitKeys(app, { name: 'link-preview-user', max: FETCHES_PER_MINUTE, windowMs: 60_000, message: LINK_PREVIEWS_TOO_FAST });
  app.route({
    ...fromContract(routes.linkPreview),
    preHandler: app.requireUser,
    handler: async (request, reply) => {
      const { url } = request.query;
      const kept = await cards.keptCard(url);
      if (kept === undefined) {
        const allowed = await fetches(request.userId);
        if (!allowed.allowed) {
          void reply.header('retry-after', String(allowed.retryAfterSeconds));
          throw tooManyRequests(allowed.message);
        }
      }
      void reply.header('cache-control', BROWSER_CACHE);
      return { card: kept === undefined ? await cards.fetchCard(url) : kept };
    },
  });
};

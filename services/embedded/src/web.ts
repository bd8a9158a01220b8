import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Addresses that are never a page: an unknown one there is the API's 404 {message}. */
const NOT_PAGES = /^\/(api|socket\.io)(\/|$)|^\/(healthz|readyz|metrics)(\?|$)/;

/** Serves the web build when there is one; hashed assets are cached for good, index.html never. */
export async function serveWebApp(app: FastifyInstance, webDist: string): Promise<boolean> {
  if (!existsSync(join(webDist, 'index.html'))) {
    app.log.warn({ webDist }, 'no web build found; serving the API only (run `make start` to build it)');
    return false;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    // Files are sent by the route below: the build may be made again while the server runs.
    serve: false,
    // Our own cache-control below; the plugin's would overwrite it.
    cacheControl: false,
    setHeaders: (res, path) => {
      res.setHeader('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  // A browser opening any address gets the single-page app, which tells its own addresses (a
  // conversation's /chat/<id>) from unknown ones, as the web image's nginx leaves it to; any other
  // request is for a file of the build (404 when there is none).
  app.get('/*', (request, reply) => {
    if (NOT_PAGES.test(request.url)) return reply.callNotFound();
    if (request.headers.accept?.includes('text/html')) return reply.sendFile('index.html');
    return reply.sendFile((request.params as { '*': string })['*']);
  });
  return true;
}

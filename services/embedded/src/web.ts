import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** The client-side routes of the web app; each one is answered with the app's index.html. */
export const SPA_ROUTES = ['/', '/signup', '/login', '/settings', '/profile'];

/** Serves the web build when there is one; hashed assets are cached for good, index.html never. */
export async function serveWebApp(app: FastifyInstance, webDist: string): Promise<boolean> {
  if (!existsSync(join(webDist, 'index.html'))) {
    app.log.warn({ webDist }, 'no web build found; serving the API only (run `make start` to build it)');
    return false;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    index: false,
    // Our own cache-control below; the plugin's would overwrite it.
    cacheControl: false,
    wildcard: true,
    setHeaders: (res, path) => {
      res.setHeader('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  for (const route of SPA_ROUTES) {
    app.get(route, (_request, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html'));
  }
  return true;
}

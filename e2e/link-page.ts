import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { pngBytes } from '#test-support';

/** What the card of pageWithCard's page says: its site, title and description, as the bubble shows them one after another. */
export const RIDGE_CARD_TEXT = 'HikesTrail guide: the ridge walkSix miles along the ridge, with views all the way.';

/** A web page with its card (Open Graph) and picture, on loopback: the one place the suites' servers fetch previews from. */
export function pageWithCard(): () => string {
  let server: Server;
  let address = '';
  beforeAll(async () => {
    const picture = await pngBytes(800, 420);
    server = createServer((request, response) => {
      if (request.url === '/picture.png') return void response.writeHead(200, { 'content-type': 'image/png' }).end(picture);
      response
        .writeHead(200, { 'content-type': 'text/html' })
        .end(
          '<html><head><meta property="og:title" content="Trail guide: the ridge walk"><meta property="og:description" content="Six miles along the ridge, with views all the way."><meta property="og:site_name" content="Hikes"><meta property="og:image" content="/picture.png"></head></html>',
        );
    });
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    address = `http://127.0.0.1:${(server.address() as AddressInfo).port}/ridge`;
  });
  afterAll(() => new Promise((closed) => server.close(closed)));
  return () => address;
}

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LINK_PREVIEWS_TOO_FAST } from '@chat/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngBytes } from '#test-support';
import { linkFetchPolicy, type FetchPolicy } from '../../src/link-previews/safe-fetch.js';
import { startMessagesService, type MessagesTestServer } from '../messages-server.js';

/** The web as the tests make it: one server of theirs on 127.0.0.1, and names that resolve where a hostile page would point them. */
const NAMES: Record<string, string[]> = {
  'pages.test': ['127.0.0.1'],
  'internal.test': ['10.0.0.7'],
  'metadata.test': ['169.254.169.254'],
  'rebinding.test': ['127.0.0.1', '10.0.0.8'],
};
const TEST_POLICY: FetchPolicy = {
  // The public web's rule, with the tests' own server as the one exception.
  ...linkFetchPolicy({ web: true, addresses: ['127.0.0.1'] }),
  resolve: async (host) => NAMES[host] ?? [],
};

const page = (head: string) => `<!doctype html><html><head>${head}</head><body><p>Hello</p></body></html>`;

describe('link previews: the card of a message’s first web link, fetched by the server', () => {
  let server: MessagesTestServer;
  let web: Server;
  let port = 0;
  const asked: string[] = [];
  beforeAll(async () => {
    const picture = await pngBytes(1200, 630);
    const pages: Record<string, (reply: (type: string, body: string | Buffer, status?: number, headers?: object) => void) => void> = {
      '/article': (reply) =>
        reply(
          'text/html; charset=utf-8',
          page(`<title>Plain</title><meta property="og:title" content="Sunset over the hills">
            <meta property="og:description" content="  A walk at dusk,
              photographed.  "><meta property="og:site_name" content="Trails"><meta property="og:image" content="/picture.png">`),
        ),
      '/twitter': (reply) =>
        reply(
          'text/html',
          page('<meta name="twitter:title" content="A tweet-sized title"><meta name="twitter:description" content="Short">'),
        ),
      '/titled': (reply) => reply('text/html', page('<title>Only a title</title>')),
      '/untitled': (reply) => reply('text/html', page('<meta charset="utf-8">')),
      '/data.json': (reply) => reply('application/json', '{"title":"not a page"}'),
      '/picture.png': (reply) => reply('image/png', picture),
      '/huge-picture': (reply) => reply('text/html', page(`<title>Huge</title><meta property="og:image" content="/huge.png">`)),
      '/huge.png': (reply) => reply('image/png', Buffer.alloc(6 * 1024 * 1024, 1)),
      '/long-page': (reply) => reply('text/html', page('<title>Long</title>') + 'x'.repeat(3 * 1024 * 1024)),
      '/moved': (reply) => reply('text/html', '', 301, { location: '/article' }),
      '/to-loopback': (reply) => reply('text/html', '', 302, { location: `http://127.0.0.2:${port}/article` }),
      '/to-internal': (reply) => reply('text/html', '', 302, { location: `http://internal.test:${port}/article` }),
      '/loop': (reply) => reply('text/html', '', 302, { location: '/loop' }),
    };
    web = createServer((request, response) => {
      asked.push(request.url ?? '');
      const handler = pages[request.url ?? ''];
      if (!handler) return void response.writeHead(404).end();
      handler((type, body, status = 200, headers = {}) => response.writeHead(status, { 'content-type': type, ...headers }).end(body));
    });
    await new Promise<void>((listening) => web.listen(0, '127.0.0.1', listening));
    port = (web.address() as AddressInfo).port;
    server = await startMessagesService({ linkFetchPolicy: TEST_POLICY });
  });
  afterAll(async () => {
    await server.app.close();
    await new Promise((closed) => web.close(closed));
  });

  const at = (path: string, host = 'pages.test') => `http://${host}:${port}${path}`;
  const cardOf = async (client: { get(path: string): Promise<{ status: number; body: unknown }> }, url: string) => {
    const answer = await client.get(`/api/messages/link-preview?url=${encodeURIComponent(url)}`);
    expect(answer.status, url).toBe(200);
    return (answer.body as { card: Record<string, unknown> | null }).card;
  };

  it('makes a card of a page’s Open Graph: title, description, site and picture, the picture served to anyone signed in', async () => {
    const ann = await server.user('Ann Linker');
    const card = await cardOf(ann.client, at('/article'));
    expect(card).toMatchObject({
      url: at('/article'),
      title: 'Sunset over the hills',
      description: 'A walk at dusk, photographed.',
      siteName: 'Trails',
    });
    const bob = await server.user('Bob Reader');
    const picture = await bob.client.get(card!.image as string);
    expect([picture.status, picture.headers.get('content-type')]).toEqual([200, 'image/webp']);
    expect((await sharp(picture.body as Buffer).metadata()).width, 'made small').toBe(400);
  });

  it('keeps a card per address: asked again, by anyone, the page is not fetched again', async () => {
    const [ann, bob] = [await server.user('Ann Again'), await server.user('Bob Again')];
    await cardOf(ann.client, at('/titled'));
    await cardOf(bob.client, at('/titled'));
    expect(asked.filter((path) => path === '/titled')).toHaveLength(1);
  });

  it('falls back to Twitter’s card and to the <title>; a page without a title, or what is not a page, has no card', async () => {
    const ann = await server.user('Ann Fallbacks');
    expect(await cardOf(ann.client, at('/twitter'))).toMatchObject({
      title: 'A tweet-sized title',
      description: 'Short',
      siteName: 'pages.test',
      image: null,
    });
    expect(await cardOf(ann.client, at('/titled'))).toMatchObject({ title: 'Only a title', description: null });
    expect(await cardOf(ann.client, at('/untitled'))).toBeNull();
    expect(await cardOf(ann.client, at('/data.json'))).toBeNull();
    expect(await cardOf(ann.client, at('/nowhere'))).toBeNull();
  });

  it('follows redirects on the public web, and reads no more than a page’s head and a picture of 5 MB', async () => {
    const ann = await server.user('Ann Limits');
    expect(await cardOf(ann.client, at('/moved'))).toMatchObject({ url: at('/article'), title: 'Sunset over the hills' });
    expect(await cardOf(ann.client, at('/long-page'))).toMatchObject({ title: 'Long' });
    expect(await cardOf(ann.client, at('/huge-picture')), 'the card, without the picture').toMatchObject({ title: 'Huge', image: null });
    expect(await cardOf(ann.client, at('/loop')), 'a redirect without end').toBeNull();
  });

  it('never fetches from loopback, private or link-local addresses: named, resolved, or redirected to', async () => {
    const ann = await server.user('Ann Probing');
    const before = asked.length;
    for (const url of [
      at('/article', '127.0.0.2'),
      at('/article', '[::1]'),
      at('/article', 'internal.test'),
      at('/latest/meta-data', 'metadata.test'),
      at('/article', 'rebinding.test'),
      at('/article', 'unknown.test'),
    ])
      expect(await cardOf(ann.client, url), url).toBeNull();
    expect(asked.length, 'none of them reached a server').toBe(before);
    expect(await cardOf(ann.client, at('/to-loopback'))).toBeNull();
    expect(await cardOf(ann.client, at('/to-internal'))).toBeNull();
    expect(asked.slice(before), 'only the redirecting pages were asked').toEqual(['/to-loopback', '/to-internal']);
  });

  it('sends a message without its link’s card when its sender removed it (linkPreview: false), as stored and as read back', async () => {
    const [ann, bob] = [await server.user('Ann Sender'), await server.user('Bob Receiver')];
    const send = (body: object) => ann.client.post(`/api/messages/send/${bob.id}`, body);
    const without = await send({ text: `no card please ${at('/article')}`, linkPreview: false });
    const withCard = await send({ text: `with its card ${at('/article')}` });
    expect([without.status, without.body.noLinkPreview, withCard.body.noLinkPreview]).toEqual([201, true, undefined]);
    const history = (await bob.client.get(`/api/messages/${ann.id}`)).body as { _id: string; noLinkPreview?: true }[];
    expect(history.map((message) => message.noLinkPreview ?? false)).toEqual([true, false]);
    const refused = await send({ text: 'x', linkPreview: 'no' });
    expect([refused.status, refused.body.message]).toEqual([400, 'linkPreview must be true or false']);
  });

  it('answers a bad address with 400 and its reason, and a person having pages fetched too fast with 429 (kept cards are free)', async () => {
    const ann = await server.user('Ann Hasty');
    for (const url of ['', 'ftp://pages.test/file', 'javascript:alert(1)', `https://a.test/${'x'.repeat(2100)}`]) {
      const answer = await ann.client.get(`/api/messages/link-preview?url=${encodeURIComponent(url)}`);
      expect([answer.status, (answer.body as { message: string }).message], url).toEqual([400, 'url must be a web address']);
    }
    for (let ask = 0; ask < 40; ask++) await cardOf(ann.client, at('/titled'));
    const answers = [];
    for (let page = 0; page < 31; page++)
      answers.push(await ann.client.get(`/api/messages/link-preview?url=${encodeURIComponent(at(`/page-${page}`))}`));
    expect(answers.slice(0, 30).every((answer) => answer.status === 200)).toBe(true);
    expect([answers.at(-1)?.status, answers.at(-1)?.body]).toEqual([429, { message: LINK_PREVIEWS_TOO_FAST }]);
  });
});

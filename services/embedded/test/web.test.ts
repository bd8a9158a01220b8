import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '#test-support';
import { startEmbedded } from './embedded-server.js';

let server: Awaited<ReturnType<typeof startEmbedded>> & { webDist: string };
beforeAll(async () => {
  const webDist = join(await tempDir('chat-web-dist'), 'dist');
  await mkdir(join(webDist, 'assets'), { recursive: true });
  await writeFile(join(webDist, 'index.html'), '<!doctype html><title>Chat.io</title><div id="root"></div>');
  await writeFile(join(webDist, 'assets', 'app-abc123.js'), 'console.log("chat")');
  server = { ...(await startEmbedded({ WEB_DIST: webDist })), webDist };
});
afterAll(() => server.app.close());

describe('serving the web build', () => {
  const page = (path: string) => fetch(server.baseUrl + path, { headers: { accept: 'text/html,application/xhtml+xml' } });

  it.each(['/', '/signup', '/login', '/settings', '/profile', '/chat/4f7c1f0e-1111-4c2b-9a3e-2b7c5d9e0a11', '/no/such/page'])(
    'answers a browser opening %s with the app, which knows its own addresses',
    async (route) => {
      const response = await page(route);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toContain('<div id="root">');
    },
  );

  it('serves hashed assets with a long cache', async () => {
    const response = await fetch(`${server.baseUrl}/assets/app-abc123.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('serves a file of a build made while it runs, and nothing outside the build', async () => {
    await writeFile(join(server.webDist, 'assets', 'app-def456.js'), 'console.log("rebuilt")');
    expect(await (await fetch(`${server.baseUrl}/assets/app-def456.js`)).text()).toBe('console.log("rebuilt")');
    for (const path of ['/..%2f..%2fetc%2fpasswd', '/assets/..%2f..%2f..%2fetc%2fhostname']) {
      expect((await fetch(server.baseUrl + path)).status).toBeGreaterThanOrEqual(400);
    }
  });

  it('answers a missing file, and unknown API and health addresses, with 404 {message}, never the app', async () => {
    for (const response of [await fetch(`${server.baseUrl}/assets/gone-123.js`), await page('/api/nothing'), await page('/socket.io')]) {
      expect([response.status, await response.json()]).toEqual([404, { message: 'Not found' }]);
    }
  });
});

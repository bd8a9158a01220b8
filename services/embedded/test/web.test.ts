import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '#test-support';
import { startEmbedded } from './embedded-server.js';

let server: Awaited<ReturnType<typeof startEmbedded>>;
beforeAll(async () => {
  const webDist = join(await tempDir('chat-web-dist'), 'dist');
  await mkdir(join(webDist, 'assets'), { recursive: true });
  await writeFile(join(webDist, 'index.html'), '<!doctype html><title>Chat.io</title><div id="root"></div>');
  await writeFile(join(webDist, 'assets', 'app-abc123.js'), 'console.log("chat")');
  server = await startEmbedded({ WEB_DIST: webDist });
});
afterAll(() => server.app.close());

describe('serving the web build', () => {
  it.each(['/', '/signup', '/login', '/settings', '/profile'])('answers %s with the app', async (route) => {
    const response = await fetch(server.baseUrl + route);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toContain('<div id="root">');
  });

  it('serves hashed assets with a long cache', async () => {
    const response = await fetch(`${server.baseUrl}/assets/app-abc123.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('answers other paths with 404', async () => {
    expect((await fetch(`${server.baseUrl}/not-a-page`)).status).toBe(404);
  });
});

import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ApiClient, embeddedDataDir, eventually, unusedPort } from '#test-support';
import { emptyDataDir, startEmbedded } from './embedded-server.js';

const MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url));

describe('restart', () => {
  // A first start makes the database (initdb and every migration): past 16 s on a busy two-core host.
  it('starts on an empty DATA_DIR, then keeps users, sessions and messages', { timeout: 60_000 }, async () => {
    const first = await startEmbedded({ DATA_DIR: await emptyDataDir() });
    const ann = new ApiClient(first.baseUrl);
    const annUser = await ann.signup('Ann Durable', 'ann.durable@example.com', 'durable-pass');
    const bob = new ApiClient(first.baseUrl);
    const bobUser = await bob.signup('Bob Durable');
    const sent = await ann.post(`/api/messages/send/${bobUser._id}`, { text: 'still here after a restart?' });
    expect(sent.status).toBe(201);
    await first.app.close();

    const second = await startEmbedded({ DATA_DIR: first.dataDir });
    try {
      const again = new ApiClient(second.baseUrl);
      const login = await again.post('/api/auth/login', { email: 'ann.durable@example.com', password: 'durable-pass' });
      expect(login.status).toBe(200);
      expect(login.body).toEqual(annUser);
      expect((await again.get(`/api/messages/${bobUser._id}`)).body).toEqual([sent.body]);
      // The old cookie still works: the generated JWT secret was kept in DATA_DIR.
      const oldSession = new ApiClient(second.baseUrl);
      oldSession.cookie = bob.cookie;
      expect((await oldSession.get('/api/auth/check')).body).toEqual(bobUser);
      expect((await oldSession.get('/api/messages/users')).body).toContainEqual(
        expect.objectContaining({ _id: annUser._id, fullName: 'Ann Durable', profilePic: '', lastMessage: sent.body }),
      );
    } finally {
      await second.app.close();
    }
  });

  // What `make start` promises: a message answered 201 is stored. Killed outright (no shutdown: a
  // crash, an OOM kill), the process has nothing left to write: PGlite wrote it into DATA_DIR's
  // files before the answer. (It does not fsync: a power cut may lose what the disk had not yet got.)
  it('keeps every message it acknowledged when its process is killed (SIGKILL) right after', { timeout: 60_000 }, async () => {
    const dataDir = await embeddedDataDir('chat-embedded-killed');
    const port = await unusedPort();
    const env = {
      PATH: process.env.PATH,
      DATA_DIR: dataDir,
      WEB_DIST: join(dataDir, 'no-web-build'),
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
    };
    const child = spawn(process.execPath, [MAIN], { env, stdio: 'ignore' });
    const exited = once(child, 'exit');
    try {
      const baseUrl = `http://127.0.0.1:${port}`;
      await eventually(async () => (await fetch(`${baseUrl}/readyz`).catch(() => null))?.status === 200, 'the process ready', 45_000);
      const ann = new ApiClient(baseUrl);
      await ann.signup('Ann Crash', 'ann.crash@example.com', 'crash-pass');
      const bobUser = await new ApiClient(baseUrl).signup('Bob Crash');
      const sent = await Promise.all(['one', 'two', 'three'].map((text) => ann.post(`/api/messages/send/${bobUser._id}`, { text })));
      expect(sent.map((response) => response.status)).toEqual([201, 201, 201]);
      child.kill('SIGKILL');
      await exited;

      const after = await startEmbedded({ DATA_DIR: dataDir });
      try {
        const again = new ApiClient(after.baseUrl);
        expect((await again.post('/api/auth/login', { email: 'ann.crash@example.com', password: 'crash-pass' })).status).toBe(200);
        const history = (await again.get(`/api/messages/${bobUser._id}`)).body as { _id: string }[];
        expect(history.map((message) => message._id).sort()).toEqual(sent.map((response) => (response.body as { _id: string })._id).sort());
      } finally {
        await after.app.close();
      }
    } finally {
      child.kill('SIGKILL');
    }
  });
});

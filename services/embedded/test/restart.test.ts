import { describe, expect, it } from 'vitest';
import { ApiClient } from '#test-support';
import { emptyDataDir, startEmbedded } from './embedded-server.js';

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
});

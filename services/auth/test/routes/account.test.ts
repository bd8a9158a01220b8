import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, uniqueName } from '#test-support';
import { startAuthService } from '../auth-server.js';

let server: Awaited<ReturnType<typeof startAuthService>>;
beforeAll(async () => {
  server = await startAuthService();
});
afterAll(() => server.app.close());

/** One account signed in on a laptop and a phone. */
async function signedInTwice(name: string) {
  const email = `${uniqueName(name)}@example.com`;
  const laptop = server.client();
  const user = await laptop.signup(name, email);
  const phone = server.client();
  expect((await phone.post('/api/auth/login', { email, password: 'secret123' })).status).toBe(200);
  return { user, email, laptop, phone };
}

describe('POST /api/auth/change-password', () => {
  it('changes the password: the new one logs in, the old one no longer does', async () => {
    const { email, laptop } = await signedInTwice('Changer');
    const response = await laptop.post('/api/auth/change-password', { currentPassword: 'secret123', newPassword: 'better-secret' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: 'Password changed' });
    expect((await server.client().post('/api/auth/login', { email, password: 'secret123' })).body).toEqual({
      message: 'Invalid credentials',
    });
    expect((await server.client().post('/api/auth/login', { email, password: 'better-secret' })).status).toBe(200);
  });

  it('keeps me signed in here and signs out every other device of mine, telling the gateway', async () => {
    const { user, laptop, phone } = await signedInTwice('Careful');
    const stranger = server.client();
    await stranger.signup('Bystander');
    await laptop.post('/api/auth/change-password', { currentPassword: 'secret123', newPassword: 'better-secret' });
    expect((await laptop.get('/api/auth/check')).status).toBe(200);
    expect((await phone.get('/api/auth/check')).status).toBe(401);
    expect((await stranger.get('/api/auth/check')).status).toBe(200);
    await eventually(
      () => server.revokedSessionEvents.some((event) => event.userId === user._id),
      'a sessions.revoked event for the phone',
    );
    expect(server.revokedSessionEvents.find((event) => event.userId === user._id)).toEqual({
      userId: user._id,
      sessionIds: [expect.stringMatching(/^[0-9a-f-]{36}$/)],
    });
  });

  it('refuses a wrong current password with 403 and changes nothing', async () => {
    const { email, laptop, phone } = await signedInTwice('Guesser');
    const response = await laptop.post('/api/auth/change-password', { currentPassword: 'not-my-password', newPassword: 'better-secret' });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: 'Incorrect password' });
    expect((await phone.get('/api/auth/check')).status).toBe(200);
    expect((await server.client().post('/api/auth/login', { email, password: 'secret123' })).status).toBe(200);
  });

  it('holds the new password to the signup rules, and asks for a different one', async () => {
    const { laptop } = await signedInTwice('Ruled');
    const change = (body: unknown) => laptop.post('/api/auth/change-password', body);
    expect((await change({ currentPassword: 'secret123', newPassword: 'short' })).body).toEqual({
      message: 'New password must be at least 6 characters',
    });
    expect((await change({ currentPassword: 'secret123', newPassword: 'x'.repeat(129) })).body).toEqual({
      message: 'New password must be at most 128 characters',
    });
    const same = await change({ currentPassword: 'secret123', newPassword: 'secret123' });
    expect(same.status).toBe(400);
    expect(same.body).toEqual({ message: 'The new password must differ from the current one' });
    expect((await change({ currentPassword: 'secret123' })).body).toEqual({ message: 'New password is required' });
    expect((await change({ newPassword: 'better-secret' })).body).toEqual({ message: 'Current password is required' });
    expect((await change({ currentPassword: 'secret123', newPassword: 42 })).body).toEqual({ message: 'New password must be text' });
    expect((await laptop.get('/api/auth/check')).status).toBe(200);
  });

  it('answers 401 when signed out', async () => {
    const response = await server
      .client()
      .post('/api/auth/change-password', { currentPassword: 'secret123', newPassword: 'better-secret' });
    expect(response.status).toBe(401);
  });
});

describe('guessing a password from a signed-in session', () => {
  it('stops after the per-account budget, shared by changing the password and deleting the account', async () => {
    const limited = await startAuthService({
      rateLimits: { signupsPerHourPerIp: 100, loginsPer15MinPerIp: 100, loginsPer15MinPerEmail: 3 },
    });
    try {
      const client = limited.client();
      await client.signup('Thief Target');
      const guess = (password: string) =>
        client.post('/api/auth/change-password', { currentPassword: password, newPassword: 'stolen-account' });
      expect((await guess('guess-1')).status).toBe(403);
      expect((await client.post('/api/auth/delete-account', { password: 'guess-2' })).status).toBe(403);
      expect((await guess('guess-3')).status).toBe(403);
      const refused = await guess('secret123');
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ message: 'Too many attempts. Please try again later.' });
      expect((await client.get('/api/auth/check')).status).toBe(200);
    } finally {
      await limited.app.close();
    }
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { parseConfig } from '@chat/kernel';
import { signSession } from '@chat/sessions';
import jwt from 'jsonwebtoken';
import { eventually } from '#test-support';
import { JWT_SECRET, startAuthService } from '../auth-server.js';

let server: Awaited<ReturnType<typeof startAuthService>>;
beforeAll(async () => {
  server = await startAuthService();
});
afterAll(() => server.app.close());

const uniqueEmail = (name: string) => `${name}.${Math.random().toString(36).slice(2)}@example.com`;

describe('POST /api/auth/signup', () => {
  it('creates the user, answers 201 with it and sets the session cookie', async () => {
    const client = server.client();
    const email = uniqueEmail('Ann');
    const response = await client.post('/api/auth/signup', { fullName: ' Ann Lee ', email, password: 'secret1' });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      fullName: 'Ann Lee',
      email: email.toLowerCase(),
      profilePic: '',
      createdAt: expect.any(String),
      settings: { sendReadReceipts: true, showLastSeen: true, callsFrom: 'everyone' },
      about: '',
    });
    expect(new Date(response.body.createdAt).toISOString()).toBe(response.body.createdAt);
    expect(response.body).not.toHaveProperty('passwordHash');
    const cookie = response.headers.getSetCookie()[0]!;
    expect(cookie).toMatch(/^jwt=[\w-]+\.[\w-]+\.[\w-]+;/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain('Max-Age=604800');
    expect(cookie).not.toContain('Secure');
  });

  it('tells the other services about the new user', async () => {
    const user = await server.client().signup('Event Person');
    expect(server.upserted).toContainEqual({
      _id: user._id,
      fullName: 'Event Person',
      profilePic: '',
      settings: { sendReadReceipts: true, showLastSeen: true, callsFrom: 'everyone' },
      about: '',
    });
  });

  it('signs up while the bus refuses the event, and sends the event later, in order', async () => {
    server.refuseEvents(1);
    const first = await server.client().signup('Patient One');
    expect(server.upserted.map((u) => u._id)).not.toContain(first._id);
    const second = await server.client().signup('Patient Two');
    const ids = server.upserted.map((u) => u._id);
    expect(ids).toContain(first._id);
    expect(ids.indexOf(first._id)).toBeLessThan(ids.indexOf(second._id));
  });

  it.each([
    [{}, 'Full name is required'],
    [{ email: 'a@b.co', password: 'secret1' }, 'Full name is required'],
    [{ fullName: 'Ann', password: 'secret1' }, 'Email is required'],
    [{ fullName: 'Ann', email: 'a@b.co' }, 'Password is required'],
    [{ fullName: '  ', email: 'a@b.co', password: 'secret1' }, 'Full name is required'],
    [{ fullName: 'Ann', email: '', password: 'secret1' }, 'Email is required'],
    [{ fullName: 'Ann', email: 'ann.example.com', password: 'secret1' }, 'Invalid email format'],
    [{ fullName: 'Ann', email: 'a@b.co', password: '' }, 'Password is required'],
    [{ fullName: 'Ann', email: 'a@b.co', password: '12345' }, 'Password must be at least 6 characters'],
    [{ fullName: 'Ann', email: 'a@b.co', password: 'p'.repeat(129) }, 'Password must be at most 128 characters'],
    [{ fullName: 'A'.repeat(101), email: 'a@b.co', password: 'secret1' }, 'Full name must be at most 100 characters'],
    [{ fullName: ['Ann'], email: 'a@b.co', password: 'secret1' }, 'Full name must be text'],
  ])('answers 400 to %o with "%s"', async (body, message) => {
    const response = await server.client().post('/api/auth/signup', body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message });
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it('answers 400 to a body that is not JSON', async () => {
    const response = await server.client().post('/api/auth/signup', '{not json');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'Request body is not valid JSON' });
  });

  it('answers 409 to an email already taken, whatever its case', async () => {
    const email = uniqueEmail('dup');
    await server.client().signup('First', email);
    const response = await server.client().post('/api/auth/signup', {
      fullName: 'Second',
      email: `  ${email.toUpperCase()} `,
      password: 'secret1',
    });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ message: 'An account with this email already exists' });
  });
});

describe('POST /api/auth/login', () => {
  it('logs in with any case of the email and sets the cookie', async () => {
    const email = uniqueEmail('login');
    const user = await server.client().signup('Login Person', email, 'right-password');
    const client = server.client();
    const response = await client.post('/api/auth/login', { email: email.toUpperCase(), password: 'right-password' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(user);
    expect(client.cookie).toMatch(/^jwt=/);
    expect((await client.get('/api/auth/check')).body).toEqual(user);
  });

  it('answers the same 401 to a wrong password and to an unknown email', async () => {
    const email = uniqueEmail('wrong');
    await server.client().signup('Wrong Password', email, 'right-password');
    const wrongPassword = await server.client().post('/api/auth/login', { email, password: 'wrong-password' });
    const unknownEmail = await server.client().post('/api/auth/login', { email: uniqueEmail('nobody'), password: 'whatever' });
    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: 'Invalid credentials' });
      expect(response.headers.getSetCookie()).toEqual([]);
    }
  });

  it.each([
    ['an email of half a megabyte', { email: `${'a'.repeat(512 * 1024)}@example.com`, password: 'whatever' }, 'Invalid email format'],
    [
      'a password of half a megabyte',
      { email: 'long.password@example.com', password: 'p'.repeat(512 * 1024) },
      'Password must be at most 128 characters',
    ],
  ])('refuses %s before any limit counts it or bcrypt reads it', async (_what, body, message) => {
    const response = await server.client().post('/api/auth/login', body);
    expect([response.status, response.body]).toEqual([400, { message }]);
  });

  it('takes about as long for an unknown email as for a wrong password, so timing reveals no account', async () => {
    // At the product's default cost: at the suites' own, a hash is too quick to tell the two apart.
    const atProductCost = await startAuthService({ bcryptCost: parseConfig({}).bcryptCost });
    onTestFinished(() => atProductCost.app.close());
    const email = uniqueEmail('timing');
    await atProductCost.client().signup('Timing Person', email, 'right-password');
    const wrongPasswordTimes: number[] = [];
    const unknownEmailTimes: number[] = [];
    const time = async (body: { email: string; password: string }, into: number[]) => {
      const started = performance.now();
      await atProductCost.client().post('/api/auth/login', body);
      into.push(performance.now() - started);
    };
    // Interleaved, so a busy machine slows both kinds alike.
    for (let i = 0; i < 7; i++) {
      await time({ email, password: 'wrong-password' }, wrongPasswordTimes);
      await time({ email: uniqueEmail('nobody'), password: 'wrong-password' }, unknownEmailTimes);
    }
    const median = (times: number[]) => times.sort((a, b) => a - b)[3]!;
    const wrongPassword = median(wrongPasswordTimes);
    const unknownEmail = median(unknownEmailTimes);
    // Both pay for one bcrypt comparison; without the decoy hash the unknown email answers ~50x sooner.
    expect(unknownEmail / wrongPassword).toBeGreaterThan(0.5);
    expect(unknownEmail / wrongPassword).toBeLessThan(2);
  });

  it.each([
    [{ password: 'x' }, 'Email is required'],
    [{ email: 'a@b.co' }, 'Password is required'],
    [{ email: '  ', password: 'x' }, 'Email is required'],
    [{ email: 'a@b.co', password: '' }, 'Password is required'],
  ])('answers 400 to %o with "%s"', async (body, message) => {
    const response = await server.client().post('/api/auth/login', body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message });
  });
});

describe('POST /api/auth/logout', () => {
  it('clears the cookie, after which check answers 401', async () => {
    const client = server.client();
    await client.signup('Leaving');
    const response = await client.post('/api/auth/logout');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: 'Logged out successfully' });
    const cleared = response.headers.getSetCookie()[0]!;
    expect(cleared).toMatch(/^jwt=;/);
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/);
    expect(client.cookie).toBe('');
    expect((await client.get('/api/auth/check')).status).toBe(401);
  });

  it('revokes the session: the same cookie replayed afterwards answers 401, other devices stay signed in', async () => {
    const email = uniqueEmail('two.devices');
    const laptop = server.client();
    await laptop.signup('Two Devices', email);
    const phone = server.client();
    expect((await phone.post('/api/auth/login', { email, password: 'secret123' })).status).toBe(200);
    const stolen = laptop.cookie;
    expect((await laptop.get('/api/auth/check')).status).toBe(200);

    expect((await laptop.post('/api/auth/logout')).status).toBe(200);
    laptop.cookie = stolen;
    expect((await laptop.get('/api/auth/check')).status).toBe(401);
    expect((await phone.get('/api/auth/check')).status).toBe(200);
  });

  it('answers 200 and clears a cookie that is no longer valid', async () => {
    const client = server.client();
    client.cookie = 'jwt=garbage';
    expect((await client.post('/api/auth/logout')).status).toBe(200);
    expect(client.cookie).toBe('');
  });
});

describe('POST /api/auth/logout-all', () => {
  it('ends every session of the user, on every device, and no one else’s', async () => {
    const email = uniqueEmail('everywhere');
    const laptop = server.client();
    await laptop.signup('Everywhere', email);
    const phone = server.client();
    await phone.post('/api/auth/login', { email, password: 'secret123' });
    const stranger = server.client();
    await stranger.signup('Stranger');
    const phoneCookie = phone.cookie;

    const response = await laptop.post('/api/auth/logout-all');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: 'Logged out of all devices' });
    expect(laptop.cookie).toBe('');
    expect((await phone.get('/api/auth/check')).status).toBe(401);
    phone.cookie = phoneCookie;
    expect((await phone.post('/api/auth/logout-all')).status).toBe(401);
    expect((await stranger.get('/api/auth/check')).status).toBe(200);
    expect((await phone.post('/api/auth/login', { email, password: 'secret123' })).status).toBe(200);
    expect((await phone.get('/api/auth/check')).status).toBe(200);
  });

  it('answers 401 when signed out', async () => {
    expect((await server.client().post('/api/auth/logout-all')).status).toBe(401);
  });

  it('tells the gateway which sessions ended', async () => {
    const client = server.client();
    const { _id } = await client.signup('Announced');
    await client.post('/api/auth/logout-all');
    await eventually(() => server.revokedSessionEvents.length > 0, 'a sessions.revoked event');
    expect(server.revokedSessionEvents.at(-1)).toEqual({ userId: _id, sessionIds: [expect.stringMatching(/^[0-9a-f-]{36}$/)] });
  });
});

describe('restarting the auth service', () => {
  it('announces the sessions revoked earlier to a list that lost them', async () => {
    const client = server.client();
    await client.signup('Remembered');
    const cookie = client.cookie;
    await client.post('/api/auth/logout');
    const restarted = await startAuthService({ database: server.db });
    try {
      const replay = restarted.client();
      replay.cookie = cookie;
      expect((await replay.get('/api/auth/check')).status).toBe(401);
    } finally {
      await restarted.app.close();
    }
  });
});

describe('GET /api/auth/check', () => {
  it('answers the signed-in user', async () => {
    const client = server.client();
    const user = await client.signup('Checked');
    const response = await client.get('/api/auth/check');
    expect(response.status).toBe(200);
    expect(response.body).toEqual(user);
  });

  it('answers 401 without a cookie', async () => {
    const response = await server.client().get('/api/auth/check');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: 'Not authenticated' });
  });

  it('answers 401 to a forged, expired or unsigned token', async () => {
    const client = server.client();
    const user = await client.signup('Target');
    const forged = signSession(user._id, randomUUID(), 'another-secret-'.padEnd(48, 'y'));
    const expired = jwt.sign({ exp: Math.floor(Date.now() / 1000) - 1 }, JWT_SECRET, { subject: user._id });
    const unsigned = jwt.sign({ sub: user._id }, '', { algorithm: 'none' });
    for (const token of [forged, expired, unsigned, 'garbage']) {
      client.cookie = `jwt=${token}`;
      const response = await client.get('/api/auth/check');
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: 'Not authenticated' });
    }
  });

  it('answers 401 to a valid token of a user that does not exist', async () => {
    const client = server.client();
    client.cookie = `jwt=${signSession('5f0c6a8e-0000-4000-8000-000000000000', randomUUID(), JWT_SECRET)}`;
    expect((await client.get('/api/auth/check')).status).toBe(401);
  });
});

import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { pngBytes, serverUrl, toDataUrl, uniqueName } from '#test-support';
import { PICTURE_CHANGES_PER_MINUTE } from '../../src/routes/profile.js';
import { startAuthService, type TestAuthOptions } from '../auth-server.js';

const TOO_MANY = { message: 'Too many attempts. Please try again later.' };
const servers: Awaited<ReturnType<typeof startAuthService>>[] = [];
const start = async (rateLimits: TestAuthOptions['rateLimits'], rateLimitStore?: TestAuthOptions['rateLimitStore']) => {
  const server = await startAuthService({ rateLimits, rateLimitStore });
  servers.push(server);
  return server;
};
afterAll(async () => {
  await Promise.all(servers.map((server) => server.app.close()));
});

const signupBody = (name: string) => ({ fullName: name, email: `${uniqueName(name)}@chat.io`, password: 'secret123' });

describe('abuse limits on signup and login', () => {
  it('answers 429 with Retry-After once one address used its signups', async () => {
    const server = await start({ signupsPerHourPerIp: 3, loginsPer15MinPerIp: 100, loginsPer15MinPerEmail: 100 });
    for (let i = 0; i < 3; i++) expect((await server.client().post('/api/auth/signup', signupBody('ann'))).status).toBe(201);
    const refused = await server.client().post('/api/auth/signup', signupBody('ann'));
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual(TOO_MANY);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('stops guessing one account’s password, even the right one, but not other accounts', async () => {
    const server = await start({ signupsPerHourPerIp: 100, loginsPer15MinPerIp: 100, loginsPer15MinPerEmail: 3 });
    const ann = signupBody('ann');
    const bob = signupBody('bob');
    await server.client().post('/api/auth/signup', ann);
    await server.client().post('/api/auth/signup', bob);
    for (let i = 0; i < 3; i++) {
      expect((await server.client().post('/api/auth/login', { email: ann.email, password: `guess${i}` })).status).toBe(401);
    }
    const locked = await server.client().post('/api/auth/login', { email: ann.email.toUpperCase(), password: ann.password });
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual(TOO_MANY);
    expect((await server.client().post('/api/auth/login', { email: bob.email, password: bob.password })).status).toBe(200);
  });

  it('stops one address trying many accounts', async () => {
    const server = await start({ signupsPerHourPerIp: 100, loginsPer15MinPerIp: 4, loginsPer15MinPerEmail: 100 });
    for (let i = 0; i < 4; i++) {
      expect((await server.client().post('/api/auth/login', { email: `nobody${i}@chat.io`, password: 'x123456' })).status).toBe(401);
    }
    expect((await server.client().post('/api/auth/login', { email: 'nobody9@chat.io', password: 'x123456' })).status).toBe(429);
  });

  it('counts across replicas that share Redis', async () => {
    const redis = new Redis(serverUrl('redis'));
    const store = { redis, keyPrefix: `${uniqueName('test')}:` };
    const limits = { signupsPerHourPerIp: 3, loginsPer15MinPerIp: 100, loginsPer15MinPerEmail: 100 };
    const one = await start(limits, store);
    const two = await start(limits, store);
    expect((await one.client().post('/api/auth/signup', signupBody('r1'))).status).toBe(201);
    expect((await two.client().post('/api/auth/signup', signupBody('r2'))).status).toBe(201);
    expect((await one.client().post('/api/auth/signup', signupBody('r3'))).status).toBe(201);
    expect((await two.client().post('/api/auth/signup', signupBody('r4'))).status).toBe(429);
    redis.disconnect();
  });
});

describe('the limit on changes of one’s photo', () => {
  it('answers 429 past PICTURE_CHANGES_PER_MINUTE changes or removals a minute, and spares other users', async () => {
    const server = await start({ signupsPerHourPerIp: 100, loginsPer15MinPerIp: 100, loginsPer15MinPerEmail: 100 });
    const [ann, bob] = [server.client(), server.client()];
    await ann.signup('Ann Photos');
    await bob.signup('Bob Photos');
    const photo = { profilePic: toDataUrl(await pngBytes(), 'image/png') };
    for (let i = 0; i < PICTURE_CHANGES_PER_MINUTE; i++) {
      const change = i % 2 === 0 ? ann.put('/api/auth/update-profile', photo) : ann.delete('/api/auth/profile-pic');
      expect((await change).status).toBe(200);
    }
    const refused = await ann.delete('/api/auth/profile-pic');
    expect([refused.status, refused.body]).toEqual([
      429,
      { message: 'You are changing your photo too often. Please try again in a minute.' },
    ]);
    expect((await bob.put('/api/auth/update-profile', photo)).status).toBe(200);
  });
});

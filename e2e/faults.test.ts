import { once } from 'node:events';
import { request } from 'node:http';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  connected,
  eventually,
  nextEvent,
  openSocket,
  serverUrl,
  startTcpProxy,
  throughProxy,
  withDeadline,
  type TcpProxy,
} from '#test-support';
import { startLocalCluster, type LocalCluster } from '../scripts/local-cluster.js';
import { clusterUsers } from './cluster-users.js';

/*
 * Faults over the local cluster. Postgres, Redis and NATS are reached through TCP proxies, so a
 * test can take one away from every service (connections reset, new ones refused) and give it
 * back, without stopping the servers other suites share.
 */

let cluster: LocalCluster;
const proxies = {} as Record<'postgres' | 'redis' | 'nats', TcpProxy>;

const hostOf = (url: string) => ({ host: new URL(url).hostname, port: Number(new URL(url).port) });

beforeAll(async () => {
  for (const server of ['postgres', 'redis', 'nats'] as const) proxies[server] = await startTcpProxy(hostOf(serverUrl(server)));
  cluster = await startLocalCluster({
    postgresUrl: throughProxy(serverUrl('postgres'), proxies.postgres),
    redisUrl: throughProxy(serverUrl('redis'), proxies.redis),
    natsUrl: throughProxy(serverUrl('nats'), proxies.nats),
  });
}, 60_000);

afterEach(() => {
  for (const proxy of Object.values(proxies)) proxy.restore();
  disconnectAll();
});

afterAll(async () => {
  await cluster?.close();
  for (const proxy of Object.values(proxies)) await proxy?.close();
});

const { signUp, disconnectAll } = clusterUsers(() => cluster);

/** Polls `attempt` (a failed one counts as not yet) until it returns true, for up to `timeoutMs`. */
const until = (attempt: () => Promise<boolean>, description: string, timeoutMs = 15_000) =>
  eventually(() => attempt().catch(() => false), description, timeoutMs, 200);

const UNAVAILABLE = { message: 'Service temporarily unavailable. Please try again.' };

describe('faults', () => {
  it('Postgres gone: 503 {message}, every process stays up, and service resumes by itself', async () => {
    const ann = await signUp('Ann Postgres');
    const ben = await signUp('Ben Postgres');
    proxies.postgres.cut();

    const refused = await ann.post(ben, 'while the database is down');
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual(UNAVAILABLE);
    const check = await ann.client.get('/api/auth/check');
    expect(check.status).toBe(503);
    expect(check.body).toEqual(UNAVAILABLE);
    expect((await fetch(`${cluster.serviceUrl('messages')}/readyz`)).status).toBe(503);
    for (const service of ['auth', 'messages', 'gateway-1', 'gateway-2'] as const) {
      expect((await fetch(`${cluster.serviceUrl(service)}/healthz`)).status).toBe(200);
    }

    proxies.postgres.restore();
    await until(async () => (await ann.post(ben, 'the database is back')).status === 201, 'a send to succeed again');
    expect(await ben.history(ann)).toEqual(['the database is back']);
  });

  it('NATS gone: sends are still stored, live delivery resumes, and the history holds everything', async () => {
    const ann = await signUp('Ann Nats');
    const ben = await signUp('Ben Nats');
    const annSocket = await ann.socket('gateway-1');
    proxies.nats.cut();
    const duringOutage = [];
    for (const text of ['sent while NATS is down 1', 'sent while NATS is down 2']) {
      const response = await ben.post(ann, text);
      expect(response.status).toBe(201);
      duringOutage.push(text);
    }
    const newcomer = await signUp('Newcomer Nats', { known: false });

    proxies.nats.restore();
    await until(async () => {
      const live = nextEvent<{ text: string }>(annSocket, 'newMessage', 1500);
      await ben.post(ann, 'live again');
      return (await live).text === 'live again';
    }, 'live delivery to resume');
    const history = await ann.history(ben);
    expect(history.slice(0, 2)).toEqual(duringOutage);
    expect(history).toContain('live again');
    // The signup's event waited in auth's outbox and reached the contacts projection.
    await until(
      async () => ((await ann.client.get('/api/messages/users')).body as { _id: string }[]).some((c) => c._id === newcomer._id),
      'the newcomer in the contacts',
    );
  });

  it('Redis gone and back empty: presence rebuilds from the live sockets, and revoked sessions stay refused', async () => {
    const ann = await signUp('Ann Redis');
    const ben = await signUp('Ben Redis');
    const gone = await signUp('Gone Redis');
    const revokedCookie = gone.client.cookie;
    expect((await gone.client.post('/api/auth/logout')).status).toBe(200);
    await ann.socket('gateway-1');
    await ben.socket('gateway-2');
    proxies.redis.cut();
    const redis = new Redis(serverUrl('redis'));
    const keys = await redis.keys(`${cluster.namespace}:*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
    const sent = await ann.post(ben, 'while Redis is down');
    expect(sent.status).toBe(201);
    // Someone opening the app meanwhile gets in: presence is registered once Redis is back.
    const latecomer = await signUp('Latecomer Redis');
    await latecomer.socket('gateway-2');

    proxies.redis.restore();
    const observer = await signUp('Observer Redis');
    await until(
      async () => {
        const socket = await observer.socket('gateway-1');
        try {
          await eventually(() => socket.snapshots.length > 0, 'the observer’s snapshot');
          const [snapshot = []] = socket.snapshots;
          return snapshot.includes(ann._id) && snapshot.includes(ben._id);
        } finally {
          socket.disconnect();
        }
      },
      'both online users in a new snapshot',
      30_000,
    );

    // Auth fills the revoked sessions in again: a replica started now still refuses the logged-out cookie.
    const checker = new Redis(serverUrl('redis'));
    try {
      await eventually(
        async () => (await checker.exists(`${cluster.namespace}:sessions:filled`)) === 1,
        'auth to fill the revoked sessions again',
        30_000,
      );
    } finally {
      checker.disconnect();
    }
    await cluster.stop('gateway-2');
    await cluster.start('gateway-2');
    await expect(connected(openSocket(cluster.serviceUrl('gateway-2'), { cookie: revokedCookie, userId: gone._id }))).rejects.toThrow(
      'Not authenticated',
    );
  });

  it('SIGTERM lets an in-flight request finish before the process exits', async () => {
    const ann = await signUp('Ann Drain');
    const ben = await signUp('Ben Drain');
    const body = JSON.stringify({ text: 'sent across a shutdown' });
    // With Expect: 100-continue the service says when it holds the request; the body follows later.
    const req = request(`${cluster.serviceUrl('messages')}/api/messages/send/${ben._id}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        cookie: ann.client.cookie,
        expect: '100-continue',
      },
    });
    const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
      req.on('response', (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      });
      req.on('error', reject);
    });
    const held = withDeadline(once(req, 'continue'), 10_000, 'the service to take the request');
    req.flushHeaders();
    await held;

    const stopped = cluster.stop('messages', 'SIGTERM');
    const readyz = `${cluster.serviceUrl('messages')}/readyz`;
    await eventually(
      () =>
        fetch(readyz).then(
          () => false,
          () => true,
        ),
      'the service to stop taking connections',
    );
    req.end(body);
    const answer = await response;
    await stopped;
    expect(answer.status).toBe(201);
    await cluster.start('messages');
    expect(await ben.history(ann)).toEqual(['sent across a shutdown']);
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { eventually, serverUrl, startTcpProxy, uniqueName } from '#test-support';
import { createRedisRevocations } from '../src/redis.js';
import { createInProcessRevocations, type SessionRevocations } from '../src/revocations.js';

const opened: SessionRevocations[] = [];
afterAll(async () => {
  for (const revocations of opened) await revocations.close();
});

describe('revoked sessions in one process', () => {
  it('refuses a revoked session until its token expires, and no other', async () => {
    const revocations = createInProcessRevocations();
    const [revoked, expired, other] = [randomUUID(), randomUUID(), randomUUID()];
    await revocations.revoke([
      { id: revoked, expiresAt: Date.now() + 60_000 },
      { id: expired, expiresAt: Date.now() - 1 },
    ]);
    expect(revocations.isRevoked(revoked)).toBe(true);
    expect(revocations.isRevoked(expired)).toBe(false);
    expect(revocations.isRevoked(other)).toBe(false);
  });
});

describe('revoked sessions shared through Redis', () => {
  const open = async (keyPrefix: string) => {
    const revocations = await createRedisRevocations(serverUrl('redis'), { keyPrefix });
    opened.push(revocations);
    return revocations;
  };

  it('refuses a session on every process once one revoked it, and on a process started later', async () => {
    const keyPrefix = `${uniqueName('revocations')}:`;
    const [auth, gateway] = [await open(keyPrefix), await open(keyPrefix)];
    const sessionId = randomUUID();
    await auth.revoke([{ id: sessionId, expiresAt: Date.now() + 60_000 }]);
    expect(auth.isRevoked(sessionId)).toBe(true);
    await eventually(() => gateway.isRevoked(sessionId), 'the other process to hear of the revocation');
    const later = await open(keyPrefix);
    expect(later.isRevoked(sessionId)).toBe(true);
    expect(later.isRevoked(randomUUID())).toBe(false);
  });

  it('keeps deployments that share the server apart', async () => {
    const otherPrefix = `${uniqueName('other')}:`;
    const [one, other, otherReplica] = [await open(`${uniqueName('one')}:`), await open(otherPrefix), await open(otherPrefix)];
    const sessionId = randomUUID();
    await one.revoke([{ id: sessionId, expiresAt: Date.now() + 60_000 }]);
    // Announced after the first on the same server: once it arrives, the first would have too.
    const barrier = randomUUID();
    await otherReplica.revoke([{ id: barrier, expiresAt: Date.now() + 60_000 }]);
    await eventually(() => other.isRevoked(barrier), 'the deployment to hear its own revocation');
    expect(other.isRevoked(sessionId)).toBe(false);
  });

  it('is filled again by the keeper of the records once Redis comes back without its data', async () => {
    const keyPrefix = `${uniqueName('refill')}:`;
    const redisUrl = new URL(serverUrl('redis'));
    const proxy = await startTcpProxy({ host: redisUrl.hostname, port: Number(redisUrl.port || 6379) });
    const admin = new Redis(serverUrl('redis'));
    try {
      const auth = await createRedisRevocations(`redis://${proxy.address}`, { keyPrefix });
      opened.push(auth);
      const sessionId = randomUUID();
      await auth.keepFilled(async () => [{ id: sessionId, expiresAt: Date.now() + 60_000 }]);
      // Redis restarts without persistence: its data, and every connection, gone.
      await admin.del(...(await admin.keys(`${keyPrefix}*`)));
      proxy.cut();
      proxy.restore();
      await eventually(
        async () => (await admin.zscore(`${keyPrefix}sessions:revoked`, sessionId)) !== null,
        'the list filled again from the records',
      );
      const startedAfter = await open(keyPrefix);
      expect(startedAfter.isRevoked(sessionId)).toBe(true);
    } finally {
      admin.disconnect();
      await proxy.close();
    }
  });
});

import { join } from 'node:path';
import { createDiskBlobStore } from '@chat/blobs';
import { createInProcessBus } from '@chat/bus';
import { createInProcessRevocations } from '@chat/sessions';
import { createHttpServer } from '@chat/kernel';
import { subjects, type SessionsRevoked } from '@chat/contracts';
import type { Database } from '@chat/database';
import { ApiClient, TEST_BCRYPT_COST, listenOnFreePort, testDatabase, tempDir } from '#test-support';
import type { AuthServiceOptions } from '../src/deps.js';
import { authService } from '../src/plugin.js';

export const JWT_SECRET = 'auth-test-secret-'.padEnd(48, 'x');

/** Limits no ordinary test reaches; the rate-limit tests pass their own. */
export const ROOMY_LIMITS = { signupsPerHourPerIp: 10_000, loginsPer15MinPerIp: 10_000, loginsPer15MinPerEmail: 10_000 };

/** What a test may set; a database handed in is the caller's, kept open when the service closes. */
export type TestAuthOptions = Partial<Pick<AuthServiceOptions, 'rateLimits' | 'rateLimitStore' | 'bcryptCost'>> & { database?: Database };

/**
 * The auth service alone on a free port, on embedded adapters, with its users.upserted events
 * recorded; passwords hashed at the suites' cost unless a test asks for the product's.
 */
export async function startAuthService({
  rateLimits = ROOMY_LIMITS,
  rateLimitStore,
  database,
  bcryptCost = TEST_BCRYPT_COST,
}: TestAuthOptions = {}) {
  const app = await createHttpServer({ logLevel: 'silent' });
  const db = database ?? (await testDatabase());
  const bus = createInProcessBus(() => {});
  const blobs = await createDiskBlobStore(join(await tempDir('chat-auth'), 'media'));
  const upserted: Array<{ _id: string; fullName: string; profilePic: string }> = [];
  let refusals = 0;
  await bus.consumeEvents(subjects.usersUpserted, 'test', (payload) => {
    if (refusals > 0) {
      refusals -= 1;
      throw new Error('the consumer is down');
    }
    upserted.push(JSON.parse(payload));
  });
  const revocations = createInProcessRevocations();
  const revokedSessionEvents: SessionsRevoked[] = [];
  await bus.consumeEvents(subjects.sessionsRevoked, 'test', (payload) => void revokedSessionEvents.push(JSON.parse(payload)));
  await app.register(authService, {
    db,
    bus,
    blobs,
    revocations,
    jwtSecret: JWT_SECRET,
    cookieSecure: false,
    bcryptCost,
    rateLimits,
    rateLimitStore,
  });
  // A database handed in belongs to the caller.
  if (!database) app.addHook('onClose', () => db.close());
  const baseUrl = await listenOnFreePort(app);
  /** The next `count` events fail to be handled, as if the bus were down. */
  const refuseEvents = (count: number) => {
    refusals = count;
  };
  return { app, db, blobs, upserted, revokedSessionEvents, refuseEvents, baseUrl, client: () => new ApiClient(baseUrl) };
}

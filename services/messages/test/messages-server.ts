import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { createDiskBlobStore } from '@chat/blobs';
import { createInProcessBus } from '@chat/bus';
import type { Database } from '@chat/database';
import { createHttpServer } from '@chat/kernel';
import { createInProcessRevocations, signSession } from '@chat/sessions';
import { subjects } from '@chat/contracts';
import { ApiClient, listenOnFreePort, testDatabase, tempDir } from '#test-support';
import { messagesService } from '../src/plugin.js';

const JWT_SECRET = 'messages-test-secret-'.padEnd(48, 'x');

/**
 * The messages service alone on a free port. Users come the way they do in production: a
 * users.upserted event on the bus, and a session cookie signed with the shared secret.
 */
export async function startMessagesService({
  rateLimits = { messagesPerMinutePerUser: 10_000 },
  database = testDatabase,
}: { rateLimits?: { messagesPerMinutePerUser: number }; database?: () => Promise<Database> } = {}) {
  const app = await createHttpServer({ logLevel: 'silent' });
  const db = await database();
  const bus = createInProcessBus(() => {});
  const blobs = await createDiskBlobStore(join(await tempDir('chat-messages'), 'media'));
  await app.register(messagesService, { db, bus, blobs, revocations: createInProcessRevocations(), jwtSecret: JWT_SECRET, cookieSecure: false, rateLimits });
  app.addHook('onClose', () => db.close());
  const baseUrl = await listenOnFreePort(app);

  /** Every payload published on a user's message subject, in order. */
  const published = (userId: string) => {
    const seen: Array<{ message: Record<string, unknown>; originSocketId?: string }> = [];
    bus.subscribe(subjects.userMessages(userId), (payload) => void seen.push(JSON.parse(payload)));
    return seen;
  };

  /** A session cookie of the user with this id, signed as auth signs them. */
  const cookieOf = (userId: string) => `jwt=${signSession(userId, randomUUID(), JWT_SECRET)}`;

  const user = async (fullName: string, profilePic = '') => {
    const id = randomUUID();
    await bus.publishEvent(subjects.usersUpserted, JSON.stringify({ _id: id, fullName, profilePic }), randomUUID());
    const client = new ApiClient(baseUrl);
    client.cookie = cookieOf(id);
    return { id, fullName, client };
  };

  return { app, bus, blobs, baseUrl, user, cookieOf, published };
}

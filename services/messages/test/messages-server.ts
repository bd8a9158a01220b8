import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { createDiskBlobStore } from '@chat/blobs';
import { createInProcessBus } from '@chat/bus';
import type { Database } from '@chat/database';
import { createHttpServer } from '@chat/kernel';
import { createInProcessBlockedPairs, createInProcessPresence } from '@chat/presence';
import { createInProcessRevocations, signSession } from '@chat/sessions';
import { CALL_GRACE_MS, CALL_RING_MS, subjects, type PrivacySettings, type UserEvent } from '@chat/contracts';
import { afterAll, beforeAll, describe } from 'vitest';
import { ApiClient, databaseImplementations, listenOnFreePort, testDatabase, tempDir } from '#test-support';
import type { MessagesServiceOptions } from '../src/deps.js';
import { messagesService } from '../src/plugin.js';
import { indexSearchBatch, type DeferredBlocks, type SearchIndexSettings } from '../src/search/search-index.js';

const JWT_SECRET = 'messages-test-secret-'.padEnd(48, 'x');

/** Search blocks of 4 messages, written only when a test asks (indexSearch), whatever their age. */
const SEARCH_INDEX: SearchIndexSettings = {
  blockSize: 4,
  groupBlockSize: 4,
  delayMs: 0,
  batchSize: 1_000,
  writeSize: 2_000,
  intervalMs: 3_600_000,
};

/**
 * The messages service alone on a free port. Users come the way they do in production: a
 * users.upserted event on the bus, and a session cookie signed with the shared secret.
 */
export async function startMessagesService({
  rateLimits = {},
  database = testDatabase,
  linkFetchPolicy,
  calls = { ringMs: CALL_RING_MS, graceMs: CALL_GRACE_MS },
}: {
  rateLimits?: Partial<MessagesServiceOptions['rateLimits']>;
  /** How long a call rings and how long a side may go unheard (tests of their ends shorten both). */
  calls?: MessagesServiceOptions['calls'];
  database?: () => Promise<Database>;
  linkFetchPolicy?: MessagesServiceOptions['linkFetchPolicy'];
} = {}) {
  const app = await createHttpServer({ logLevel: 'silent' });
  const db = await database();
  const bus = createInProcessBus(() => {});
  const blobs = await createDiskBlobStore(join(await tempDir('chat-messages'), 'media'));
  const blockedPairs = createInProcessBlockedPairs();
  const presence = createInProcessPresence();
  await app.register(messagesService, {
    db,
    bus,
    blobs,
    blockedPairs,
    presence,
    revocations: createInProcessRevocations(),
    jwtSecret: JWT_SECRET,
    cookieSecure: false,
    rateLimits: {
      messagesPerMinutePerUser: 10_000,
      messagesPerMinutePerGroup: 10_000,
      filesPerMinutePerUser: 10_000,
      storageBytesPerUser: 1024 ** 3,
      ...rateLimits,
    },
    calls,
    searchIndex: SEARCH_INDEX,
    onlineContacts: { writeDelayMs: 0 },
    ...(linkFetchPolicy ? { linkFetchPolicy } : {}),
  });
  app.addHook('onClose', () => db.close());
  const baseUrl = await listenOnFreePort(app);

  /** Every event published for a user's sockets, in order. */
  const published = (userId: string) => {
    const seen: UserEvent[] = [];
    bus.subscribe(subjects.userEvents(userId), (payload) => void seen.push(JSON.parse(payload)));
    return seen;
  };

  /** A session cookie of the user with this id, signed as auth signs them. */
  const cookieOf = (userId: string) => `jwt=${signSession(userId, randomUUID(), JWT_SECRET)}`;

  const user = async (fullName: string, profilePic = '', settings?: PrivacySettings) => {
    const id = randomUUID();
    await bus.publishEvent(subjects.usersUpserted, JSON.stringify({ _id: id, fullName, profilePic, settings }), randomUUID());
    const client = new ApiClient(baseUrl);
    client.cookie = cookieOf(id);
    return { id, fullName, client };
  };

  /** Puts every message sent so far in search blocks, as the indexer does in the background. */
  const deferredBlocks: DeferredBlocks = new Map();
  const indexSearch = async () => {
    for (;;) {
      const { read, written } = await indexSearchBatch(db, SEARCH_INDEX, deferredBlocks);
      if (read + written === 0) break;
    }
  };

  return { app, db, bus, blobs, blockedPairs, presence, baseUrl, user, cookieOf, published, indexSearch };
}

export type MessagesTestServer = Awaited<ReturnType<typeof startMessagesService>>;
/** A user of the test server: their id, name and a signed-in client. */
export type TestUser = Awaited<ReturnType<MessagesTestServer['user']>>;

/**
 * A suite run on PGlite and on Postgres, each run against a messages service of its own, started
 * before its first test and closed after its last.
 */
export function describeOnEachDatabase(title: string, suite: (server: () => MessagesTestServer) => void): void {
  describe.each(databaseImplementations)(`${title} on %s`, (_name, database) => {
    let server: MessagesTestServer | undefined;
    beforeAll(async () => {
      server = await startMessagesService({ database });
    });
    afterAll(() => server?.app.close());
    suite(() => server!);
  });
}

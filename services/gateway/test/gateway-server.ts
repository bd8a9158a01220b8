import { randomUUID } from 'node:crypto';
import { createInProcessBus, type Bus } from '@chat/bus';
import { createHttpServer, type HttpServer } from '@chat/kernel';
import { createInProcessBlockedPairs, createInProcessPresence, type Presence } from '@chat/presence';
import { createInProcessRevocations, signSession } from '@chat/sessions';
import { subjects, type Message, type SessionsRevoked, type UserEvent } from '@chat/contracts';
import { listenOnFreePort, openSocket, connected } from '#test-support';
import { gatewayService } from '../src/plugin.js';

export const JWT_SECRET = 'gateway-test-secret-'.padEnd(48, 'x');

/**
 * The gateway alone on a free port; messages arrive on the bus as the messages service publishes
 * them (an in-process bus unless one is given).
 */
export async function startGateway({
  socketsPerUser = 20,
  bus = createInProcessBus(() => {}),
  presence = createInProcessPresence(),
  allowedOrigins = [],
  prepare,
}: {
  socketsPerUser?: number;
  bus?: Bus;
  presence?: Presence;
  allowedOrigins?: string[];
  /** Adds to the app before it listens (a hook of the test's own). */
  prepare?: (app: HttpServer) => void;
} = {}) {
  const app = await createHttpServer({ logLevel: 'silent' });
  const revocations = createInProcessRevocations();
  const blockedPairs = createInProcessBlockedPairs();
  await app.register(gatewayService, { bus, presence, blockedPairs, revocations, jwtSecret: JWT_SECRET, socketsPerUser, allowedOrigins });
  prepare?.(app);
  const baseUrl = await listenOnFreePort(app);

  /** A session of a new user, or of the user `id`. */
  const user = (id: string = randomUUID()) => {
    const sessionId = randomUUID();
    const cookie = `jwt=${signSession(id, sessionId, JWT_SECRET)}`;
    return { id, sessionId, cookie, socket: () => connected(openSocket(baseUrl, { cookie, userId: id })) };
  };

  /** What the auth service does on a logout: the list first, then the event. */
  const revoke = async (userId: string | undefined, ...sessionIds: string[]) => {
    await revocations.revoke(sessionIds.map((id) => ({ id, expiresAt: Date.now() + 60_000 })));
    const event: SessionsRevoked = { userId, sessionIds };
    await bus.publishEvent(subjects.sessionsRevoked, JSON.stringify(event), randomUUID());
  };

  const publish = (to: string, message: Message, originSocketId?: string) =>
    bus.publish(subjects.userEvents(to), JSON.stringify({ event: 'newMessage', payload: message, originSocketId }));

  /** What the messages service does on a block or an unblock: the pairs first, then both people's event. */
  const block = async (blockerId: string, blockedId: string, blocked = true) => {
    await (blocked ? blockedPairs.block(blockerId, blockedId) : blockedPairs.unblock(blockerId, blockedId));
    const payload = JSON.stringify({ event: 'blocksChanged', payload: { blockerId, blockedId, blocked } } satisfies UserEvent);
    await Promise.all([bus.publish(subjects.userEvents(blockerId), payload), bus.publish(subjects.userEvents(blockedId), payload)]);
  };

  return { app, baseUrl, user, revoke, publish, block, presence, bus };
}

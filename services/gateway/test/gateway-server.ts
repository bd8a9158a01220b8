import { randomUUID } from 'node:crypto';
import { createInProcessBus, type Bus } from '@chat/bus';
import { createHttpServer, type HttpServer } from '@chat/kernel';
import { createInProcessPresence } from '@chat/presence';
import { signSession } from '@chat/sessions';
import { subjects, type Message } from '@chat/contracts';
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
  prepare,
}: {
  socketsPerUser?: number;
  bus?: Bus;
  /** Adds to the app before it listens (a hook of the test's own). */
  prepare?: (app: HttpServer) => void;
} = {}) {
  const app = await createHttpServer({ logLevel: 'silent' });
  const presence = createInProcessPresence();
  await app.register(gatewayService, { bus, presence, jwtSecret: JWT_SECRET, socketsPerUser });
  prepare?.(app);
  const baseUrl = await listenOnFreePort(app);

  const user = () => {
    const id = randomUUID();
    const cookie = `jwt=${signSession(id, JWT_SECRET)}`;
    return { id, cookie, socket: () => connected(openSocket(baseUrl, { cookie, userId: id })) };
  };

  const publish = (to: string, message: Message, originSocketId?: string) =>
    bus.publish(subjects.userMessages(to), JSON.stringify({ message, originSocketId }));

  return { app, baseUrl, user, publish, presence, bus };
}

/** A stored message as the messages service publishes it. */
export const aMessage = (fields: Pick<Message, '_id' | 'senderId' | 'receiverId' | 'text'>): Message => ({
  image: null,
  createdAt: new Date().toISOString(),
  ...fields,
});

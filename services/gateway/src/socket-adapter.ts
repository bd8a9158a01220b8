import { createAdapter } from '@socket.io/redis-adapter';
import type { Config } from '@chat/kernel';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { ServerOptions } from 'socket.io';

export interface SocketAdapter {
  /** Socket.IO's adapter: in memory (undefined) in one process, Redis when replicas must reach each other's sockets. */
  adapter?: ServerOptions['adapter'];
  ping(): Promise<unknown>;
  close(): void;
}

/**
 * With Redis configured, the Socket.IO Redis adapter lets any replica reach every replica's sockets
 * (ending a session's sockets wherever they are); messages still arrive per user from NATS and are
 * emitted locally, so nothing is delivered once per replica.
 */
export function openSocketAdapter(config: Config, log: FastifyBaseLogger): SocketAdapter {
  if (!config.redisUrl) return { ping: async () => undefined, close: () => undefined };
  const publisher = new Redis(config.redisUrl, { maxRetriesPerRequest: null });
  const subscriber = publisher.duplicate();
  for (const client of [publisher, subscriber]) client.on('error', (error) => log.warn({ err: error }, 'Socket.IO adapter: Redis'));
  return {
    adapter: createAdapter(publisher, subscriber, { key: `${config.redisKeyPrefix}socket.io` }),
    ping: () => publisher.ping(),
    close: () => {
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}

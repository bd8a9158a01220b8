import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { createHttpServer, openBus, openPresence, registerHealthRoutes, requireJwtSecret, type Config } from '@chat/common';
import { gatewayService } from './plugin.js';

/**
 * A gateway replica as a process of its own. With Redis configured, presence is shared and the
 * Socket.IO Redis adapter lets any replica reach every replica's sockets (disconnecting a user
 * everywhere, counting their sockets); messages still arrive per user from NATS and are emitted
 * locally, so nothing is delivered once per replica.
 */
export async function buildGatewayApp(config: Config) {
  const jwtSecret = requireJwtSecret(config);
  const app = await createHttpServer({ logLevel: config.logLevel, trustProxy: config.trustProxy });
  const bus = await openBus(config, app.log, 'chat-gateway');
  const presence = await openPresence(config, app.log);
  let adapter;
  const adapterClients: Redis[] = [];
  if (config.redisUrl) {
    const publisher = new Redis(config.redisUrl, { maxRetriesPerRequest: null });
    const subscriber = publisher.duplicate();
    for (const client of [publisher, subscriber]) client.on('error', (error) => app.log.warn({ err: error }, 'Socket.IO adapter: Redis'));
    adapterClients.push(publisher, subscriber);
    adapter = createAdapter(publisher, subscriber, { key: `${config.redisKeyPrefix}socket.io` });
  }
  app.addHook('onClose', async () => {
    await presence.close();
    await bus.close();
    for (const client of adapterClients) client.disconnect();
  });
  const { socketsPerUser } = config.rateLimits;
  await app.register(gatewayService, { bus, presence, jwtSecret, adapter, socketsPerUser });
  await registerHealthRoutes(app, { bus: bus.ping, presence: presence.ping });
  return app;
}

import { openBus } from '@chat/bus';
import { createServiceApp, requireJwtSecret, requireSharedSettings, type Config } from '@chat/kernel';
import { openBlockedPairs, openPresence } from '@chat/presence';
import { openSessionRevocations } from '@chat/sessions';
import { gatewayService } from './plugin.js';
import { openSocketAdapter } from './socket-adapter.js';

/** A gateway replica as a process of its own: Socket.IO, its health routes, its adapters. */
export async function buildGatewayApp(config: Config) {
  requireSharedSettings(config, ['JWT_SECRET', 'NATS_URL', 'REDIS_URL']);
  const jwtSecret = requireJwtSecret(config);
  const { app, resources } = await createServiceApp(config, {
    bus: (log) => openBus(config, log, 'chat-gateway'),
    revocations: (log) => openSessionRevocations(config, log),
    presence: (log) => openPresence(config, log),
    blockedPairs: (log) => openBlockedPairs(config, log),
    sockets: (log) => openSocketAdapter(config, log),
  });
  await app.register(gatewayService, {
    bus: resources.bus,
    presence: resources.presence,
    blockedPairs: resources.blockedPairs,
    revocations: resources.revocations,
    adapter: resources.sockets.adapter,
    jwtSecret,
    socketsPerUser: config.rateLimits.socketsPerUser,
    allowedOrigins: config.allowedOrigins,
    callGraceMs: config.calls.graceMs,
  });
  return app;
}

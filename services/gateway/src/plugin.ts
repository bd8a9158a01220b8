import type { IncomingMessage } from 'node:http';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { CALL_GRACE_MS, HANDSHAKE_ERRORS, SOCKET_PATH } from '@chat/contracts';
import { Gauge } from '@chat/kernel';
import { Server } from 'socket.io';
import type { ChatServer, ChatSocket } from './chat-server.js';
import type { GatewayServiceOptions } from './deps.js';
import { hideBlockedPeers } from './blocked-peers.js';
import { relayCalls } from './calls.js';
import { relayContactChanges } from './contact-changes.js';
import { reportReceipts } from './delivery-receipts.js';
import { deliverMessages } from './delivery.js';
import { deliverGroupMessages } from './group-delivery.js';
import { reportLastSeen } from './last-seen.js';
import { trackPresence } from './presence.js';
import { endRevokedSessions } from './session-revocation.js';
import { relaySends } from './socket-sends.js';
import { authenticateHandshakes, fromAllowedOrigin } from './socket-auth.js';
import { relayTyping } from './typing.js';
import { trackUserSockets } from './user-sockets.js';

const SHUTTING_DOWN = 'This server is shutting down';

declare module 'fastify' {
  interface FastifyInstance {
    io: ChatServer;
  }
}

/** The realtime gateway: Socket.IO on the Fastify server, authenticated by the session cookie. */
const gateway: FastifyPluginAsync<GatewayServiceOptions> = async (app, options) => {
  let closing = false;
  const io: ChatServer = new Server(app.server, {
    path: SOCKET_PATH,
    serveClient: false,
    // The most a client sends is whom it watches: MAX_WATCHED_USERS ids, about 40 KB.
    maxHttpBufferSize: 64 * 1024,
    // A client that reconnects while this replica shuts down must go elsewhere: a session opened
    // here now would hold its connection with long polls and keep the server from closing.
    allowRequest: (request, callback) => {
      if (closing) return callback(SHUTTING_DOWN, false);
      const allowed = fromAllowedOrigin(request, options.allowedOrigins ?? []);
      callback(allowed ? null : HANDSHAKE_ERRORS.originNotAllowed, allowed);
    },
    ...(options.adapter ? { adapter: options.adapter } : {}),
  });
  // Handshake middlewares: the session, then the user's sockets here (the cap, and on a user's
  // first socket their message subscription and presence, both in place before `connect`).
  authenticateHandshakes(io, options.jwtSecret, options.revocations);
  const receipts = reportReceipts(options.bus, app.log);
  const blockedPeers = hideBlockedPeers(io, { pairs: options.blockedPairs, presence: options.presence, log: app.log });
  const groups = deliverGroupMessages(io, options.bus, app.log, receipts.groupReceived);
  const calls = relayCalls(io, { bus: options.bus, log: app.log, graceMs: options.callGraceMs ?? CALL_GRACE_MS });
  const delivery = deliverMessages(io, options.bus, app.log, app.metrics, receipts.received, {
    blocksChanged(userId, change) {
      blockedPeers.changed(userId, change).catch((error: unknown) => app.log.error({ err: error, userId }, 'could not apply a block'));
    },
    groupChanged: groups.changed,
    callEnded: calls.ended,
  });
  const lastSeen = reportLastSeen(options.bus, app.log);
  new Gauge({
    name: 'chat_sockets_connected',
    help: 'Sockets connected to this replica',
    registers: [app.metrics],
    collect() {
      this.set(io.of('/').sockets.size);
    },
  });
  const presence = trackPresence(io, options.presence, blockedPeers, app.log);
  trackUserSockets(io, {
    max: options.socketsPerUser,
    hooks: [blockedPeers.hooks, delivery.hooks, groups.hooks, presence.hooks, lastSeen.hooks],
  });

  const contactChanges = relayContactChanges(io, options.bus, presence.audienceOf, app.log);
  const typing = relayTyping(io, blockedPeers, groups.isMember);
  const sends = relaySends(options.bus, app.log);
  const revocation = endRevokedSessions(io, options.bus, app.log);
  await revocation.ready;

  io.on('connection', (socket) => {
    delivery.connected(socket);
    groups.connected(socket);
    typing.connected(socket);
    sends.connected(socket);
    calls.connected(socket);
    presence.connected(socket).catch((error: unknown) => {
      app.log.error({ err: error }, 'could not send the online users');
      socket.disconnect(true);
    });
    forgetHandshake(socket);
  });

  app.decorate('io', io);
  // Open sockets would hold the HTTP server open, so their transports are closed first. Closing the
  // transport, not disconnecting the socket, is what makes clients reconnect (to another replica).
  app.addHook('preClose', async () => {
    closing = true;
    io.engine.close();
  });
  app.addHook('onClose', async () => {
    presence.stop();
    contactChanges.stop();
    delivery.stop();
    groups.stop();
    calls.stop();
    await revocation.stop();
    await new Promise<void>((resolve) => {
      void io.close(() => resolve());
    });
    // After the sockets: the last acknowledgements and departures go out with the final batches.
    await Promise.all([receipts.stop(), lastSeen.stop()]);
  });
};

/**
 * Every concern has read the handshake (the cookie, the query, whom the socket watches): what it
 * came with would otherwise stay in memory for the socket's whole life: the HTTP request's headers
 * and URL, their copies in the handshake, and a watch list of up to 1,000 ids (40 KB). The request
 * itself stays (engine.io's WebSocketResponse holds it through the close listener it puts on the
 * TCP socket), so it is emptied; Socket.IO's own advice, letting go of `conn.request`, is taken too.
 */
function forgetHandshake(socket: ChatSocket): void {
  const request = socket.conn.request as IncomingMessage | null;
  if (request) {
    request.headers = {};
    request.rawHeaders = [];
    request.url = '';
  }
  (socket.conn as { request: unknown }).request = null;
  Object.assign(socket.handshake, { headers: {}, auth: {}, query: {}, url: '', time: '' });
}

/** Not encapsulated: the Socket.IO server (`app.io`) is the process's own, for its owner to reach. */
export const gatewayService = fp(gateway, { name: 'gateway', fastify: '5.x' });

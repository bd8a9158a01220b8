import { createHmac } from 'node:crypto';
import { routes, type IceServers } from '@chat/contracts';
import { fromContract, type TurnConfig } from '@chat/kernel';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AuthRouteOptions } from '../deps.js';

const isStun = (uri: string) => uri.startsWith('stun:');

/**
 * The ICE servers of a call of `userId`'s: the STUN servers as they are, and the TURN servers with a
 * credential of theirs, as coturn's REST API (`use-auth-secret`) checks it: the username is
 * `expiry:userId` (seconds since the epoch), the password base64(HMAC-SHA1(secret, username)).
 * No secret is ever sent to a browser, and a credential is good for one user for `ttlSeconds`.
 */
export function iceServersFor(turn: TurnConfig | undefined, userId: string, now = Date.now()): IceServers {
  const expires = Math.floor(now / 1000) + (turn?.ttlSeconds ?? 0);
  const expiresAt = new Date(expires * 1000).toISOString();
  if (!turn) return { iceServers: [], relayOnly: false, expiresAt };
  const stun = turn.urls.filter(isStun);
  const relays = turn.urls.filter((uri) => !isStun(uri));
  const iceServers: IceServers['iceServers'] = stun.length > 0 ? [{ urls: stun }] : [];
  if (relays.length > 0 && turn.secret) {
    const username = `${expires}:${userId}`;
    iceServers.push({ urls: relays, username, credential: createHmac('sha1', turn.secret).update(username).digest('base64') });
  }
  return { iceServers, relayOnly: turn.relayOnly, expiresAt };
}

/** `GET /api/auth/ice-servers`: what a signed-in user's call connects through. */
export const iceServerRoutes: FastifyPluginAsyncTypebox<AuthRouteOptions> = async (app, { turn }) => {
  app.route({
    ...fromContract(routes.iceServers),
    preHandler: app.requireUser,
    handler: async (request, reply) => {
      // A credential is the user's own: no cache keeps it.
      void reply.header('cache-control', 'no-store');
      return iceServersFor(turn, request.userId);
    },
  });
};

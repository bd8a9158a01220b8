import type { Bus } from '@chat/bus';
import type { BlockedPairs, Presence } from '@chat/presence';
import type { SessionRevocations } from '@chat/sessions';
import type { ServerOptions } from 'socket.io';

export interface GatewayServiceOptions {
  bus: Bus;
  presence: Presence;
  /** Who blocked whom: a blocked pair sees neither's presence nor typing. */
  blockedPairs: BlockedPairs;
  revocations: SessionRevocations;
  jwtSecret: string;
  /** Sockets one user may hold on one replica. */
  socketsPerUser: number;
  /**
   * The web origins whose pages may open a socket (`https://chat.example.com`); empty: only the
   * app's own, the origin its request was addressed to.
   */
  allowedOrigins?: readonly string[];
  /** How long a side of a call may go unheard before the call ends: the gateway says which of its sockets are in calls three times within it. */
  callGraceMs?: number;
  /** Socket.IO's adapter: in memory by default, Redis when replicas must reach each other's sockets. */
  adapter?: ServerOptions['adapter'];
}

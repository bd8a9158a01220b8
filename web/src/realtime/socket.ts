import { SOCKET_PATH, type ClientToServerEvents, type ServerToClientEvents } from '@chat/contracts';
import { io, type Socket } from 'socket.io-client';

export type ChatSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Reconnection as the product specifies: 1 s first, at most 5 s, ±50 %, forever; 20 s to connect. */
const SOCKET_OPTIONS = {
  path: SOCKET_PATH,
  withCredentials: true,
  reconnection: true,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  reconnectionAttempts: Infinity,
  timeout: 20000,
} as const;

/**
 * The realtime connection to this same origin, as the signed-in user. Not connected yet: the app
 * binds its events first (use-realtime-events.ts), so no event comes before its listener and the
 * handshake can say whom the socket watches.
 */
export const openSocket = (userId: string): ChatSocket => io({ ...SOCKET_OPTIONS, query: { userId }, autoConnect: false });

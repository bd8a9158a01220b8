import { io, type Socket } from 'socket.io-client';
import { withTimeout } from '@chat/kernel';
import { SOCKET_PATH, type HandshakeAuth } from '@chat/contracts';

export interface SocketOptions {
  cookie?: string;
  userId?: string;
  /** Reconnect as the web app does after a lost connection (off by default: tests see every drop). */
  reconnect?: boolean;
  /** WebSocket only unless told: the web app starts with long polling, then upgrades. */
  transports?: ('polling' | 'websocket')[];
  /** What the handshake carries besides the cookie (Socket.IO's `auth`): whom it watches. */
  auth?: HandshakeAuth;
  /** The Origin a browser would send: the page's. None unless told, as from a program. */
  origin?: string;
}

/** A socket.io client as the web app opens it: same origin, cookie sent, userId in the query. */
export function openSocket(
  baseUrl: string,
  { cookie, userId, reconnect = false, transports = ['websocket'], auth, origin }: SocketOptions,
): Socket {
  return io(baseUrl, {
    path: SOCKET_PATH,
    transports,
    reconnection: reconnect,
    reconnectionDelay: 200,
    reconnectionDelayMax: 1000,
    forceNew: true,
    query: userId ? { userId } : {},
    extraHeaders: { ...(cookie ? { cookie } : {}), ...(origin ? { origin } : {}) },
    ...(auth ? { auth: { ...auth } } : {}),
  });
}

/**
 * How long a test waits for what a client would observe unless it says otherwise: long enough for a
 * machine that other work slows down; a passing test never waits it out.
 */
export const DEFAULT_DEADLINE_MS = 10_000;

/** Resolves when the socket is connected; rejects with the server's refusal message, or after a deadline. */
export function connected(socket: Socket, timeoutMs = DEFAULT_DEADLINE_MS): Promise<Socket> {
  return withDeadline(
    new Promise((resolve, reject) => {
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', (error) => reject(error));
    }),
    timeoutMs,
    'the socket to connect',
  );
}

/** The next payload of `event`, or a rejection after `timeoutMs`. */
export function nextEvent<T = any>(socket: Socket, event: string, timeoutMs = DEFAULT_DEADLINE_MS): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, onEvent);
      reject(new Error(`no ${event} within ${timeoutMs} ms`));
    }, timeoutMs);
    const onEvent = (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    };
    socket.once(event, onEvent);
  });
}

/** Every payload of `event` that arrives from now on. */
export function collectEvents<T = any>(socket: Socket, event: string): T[] {
  const seen: T[] = [];
  socket.on(event, (payload: T) => seen.push(payload));
  return seen;
}

/** Waits until `condition` holds (it may ask a server), polling every `intervalMs`; fails with `description` after `timeoutMs`. */
export async function eventually(
  condition: () => boolean | Promise<boolean>,
  description: string,
  timeoutMs = DEFAULT_DEADLINE_MS,
  intervalMs = 20,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${description}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** `promise`'s value, or a failure naming what was awaited once `timeoutMs` has passed. */
export const withDeadline = <T>(promise: Promise<T>, timeoutMs: number, description: string): Promise<T> =>
  withTimeout(promise, timeoutMs, `timed out after ${timeoutMs} ms waiting for ${description}`);

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

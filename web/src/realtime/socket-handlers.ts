import type { ServerToClientEvents } from '@chat/contracts';

/**
 * A feature's part of the socket router: handlers for the events it owns. The router spreads every
 * feature's part into one table typed by the contracts' ServerToClientEvents, so an event that no
 * feature handles does not compile.
 */
export type SocketHandlers<Event extends keyof ServerToClientEvents> = Pick<ServerToClientEvents, Event>;

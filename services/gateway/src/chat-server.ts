import type { ClientToServerEvents, ServerToClientEvents, SocketData } from '@chat/contracts';
import type { Server, Socket } from 'socket.io';

/** What a socket holds here besides what the contract says of it. */
interface GatewaySocketData extends SocketData {
  /** Ends the socket when its session's token expires. */
  expiry?: NodeJS.Timeout;
}

/** The gateway's Socket.IO server, its events and socket data typed by the contract. */
export type ChatServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, GatewaySocketData>;
export type ChatSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, GatewaySocketData>;

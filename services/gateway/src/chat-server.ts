import type { ClientToServerEvents, ServerToClientEvents, SocketData } from '@chat/contracts';
import type { Server, Socket } from 'socket.io';

/** The gateway's Socket.IO server, its events and socket data typed by the contract. */
export type ChatServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
export type ChatSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/** Whether a client event came with an acknowledgement callback to answer it through. */
export const isAcknowledgement = (value: unknown): value is (answer: unknown) => void => typeof value === 'function';

import type { ServerToClientEvents } from '@chat/contracts';
import { encodePacket } from 'engine.io-parser';
import { PacketType } from 'socket.io-parser';
import * as ws from 'ws';
import type { ChatServer, ChatSocket } from './chat-server.js';

/** ws frames a message as socket.io-adapter does for a broadcast (not in ws's types). */
const frameOf = (ws as unknown as { Sender: { frame(data: Buffer, options: FrameOptions): Buffer[] } }).Sender.frame;
interface FrameOptions {
  fin: boolean;
  rsv1: boolean;
  opcode: number;
  mask: boolean;
  readOnly: boolean;
}
const TEXT_FRAME: FrameOptions = { fin: true, rsv1: false, opcode: 1, mask: false, readOnly: false };

/**
 * What a socket's engine.io connection is made of, as far as a frame written to it needs (not in
 * engine.io's types): its transport, and over WebSocket the ws socket whose sender engine.io itself
 * writes a broadcast's pre-encoded frame with.
 */
interface EngineConnection {
  readyState: string;
  writeBuffer: unknown[];
  transport: { name: string; writable: boolean; socket?: { _sender?: { sendFrame?: (frame: Buffer[]) => void; _socket?: Corkable } } };
}

/** The TCP socket under a WebSocket, as far as holding its writes back needs. */
interface Corkable {
  writableCorked: number;
  cork(): void;
  uncork(): void;
}

const uncorkAll = (corked: Corkable[]) => {
  for (const socket of corked) socket.uncork();
};

/**
 * Emits one event with one payload to many sockets, each a write of the same WebSocket frame, built
 * once. Socket.IO's broadcast encodes once too, but then goes through its adapter's rooms,
 * engine.io's packet queue and events, and ws, for every socket: with 16,700 sockets a replica a
 * presence push cost 44 µs of CPU a socket that way, 27 this way, of which the write(2) itself
 * ~10 (docs/performance.md). A socket is written to directly only when nothing of its own waits in
 * engine.io (so nothing emitted before is overtaken); one on long polling, mid-upgrade or still
 * writing gets a plain emit. Returns how many got the frame directly.
 *
 * The frames written to a socket in one turn of the event loop go out in one write(2): the first
 * corks the socket and the turn's check phase uncorks it. A write costs ~10 µs of the kernel's
 * loopback or network path whatever its size, so when messages come faster than they are written
 * (a group of 1,024 at 100 messages a second), each socket's share of them is written at once.
 */
export function emitFramed<E extends keyof ServerToClientEvents>(
  io: ChatServer,
  sockets: readonly ChatSocket[],
  event: E,
  payload: Parameters<ServerToClientEvents[E]>[0],
): number {
  if (sockets.length === 0) return 0;
  const emit = (socket: ChatSocket) => (socket.emit as (event: E, payload: unknown) => boolean)(event, payload);
  const [encoded, ...more] = io.encoder.encode({ type: PacketType.EVENT, nsp: '/', data: [event, payload] }) as unknown[];
  if (typeof encoded !== 'string' || more.length > 0) {
    sockets.forEach(emit);
    return 0;
  }
  let message = '';
  encodePacket({ type: 'message', data: encoded }, false, (packet) => (message = packet as string));
  const frame = Buffer.concat(frameOf(Buffer.from(message), TEXT_FRAME));
  let framed = 0;
  const corked: Corkable[] = [];
  for (const socket of sockets) {
    const connection = socket.conn as unknown as EngineConnection;
    const { transport } = connection;
    const sender = transport.socket?._sender;
    const idle = connection.readyState === 'open' && transport.writable && connection.writeBuffer.length === 0;
    if (socket.connected && idle && transport.name === 'websocket' && typeof sender?.sendFrame === 'function') {
      const tcp = sender._socket;
      if (tcp && tcp.writableCorked === 0) {
        tcp.cork();
        corked.push(tcp);
      }
      sender.sendFrame([frame]);
      framed += 1;
    } else {
      emit(socket);
    }
  }
  if (corked.length > 0) setImmediate(uncorkAll, corked);
  return framed;
}

import type { ChatSocket } from './chat-server.js';

/**
 * Runs `release` once, when the socket leaves, or as soon as it is clear it never connected: a
 * later middleware refused it, or the client left during the handshake (then Socket.IO emits no
 * `disconnect`). Call it just before a handshake middleware's `next()`; the middlewares after that
 * one must be synchronous, since Socket.IO connects the socket on the tick after the last of them.
 */
export function releaseWhenGone(socket: ChatSocket, release: () => void): void {
  socket.once('disconnect', release);
  setImmediate(() => {
    if (socket.connected) return;
    socket.off('disconnect', release);
    release();
  });
}

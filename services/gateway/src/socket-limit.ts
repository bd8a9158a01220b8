import type { ChatSocket } from './chat-server.js';

interface Window {
  start: number;
  count: number;
}

/**
 * A limit on how often each socket may do something: at most `max` times in a window of
 * `windowMs` that starts with the first time after the last window ended. Answers, each time a
 * socket asks, whether this time is within it. A socket that never does it holds nothing.
 */
export function perSocketLimit(max: number, windowMs: number): (socket: ChatSocket) => boolean {
  const windows = new WeakMap<ChatSocket, Window>();
  return (socket) => {
    const now = Date.now();
    let window = windows.get(socket);
    if (!window) windows.set(socket, (window = { start: now, count: 0 }));
    else if (now - window.start >= windowMs) {
      window.start = now;
      window.count = 0;
    }
    return ++window.count <= max;
  };
}

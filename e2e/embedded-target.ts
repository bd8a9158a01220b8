import { fileURLToPath } from 'node:url';
import { parseConfig } from '@chat/common';
import { buildEmbeddedApp } from '@chat/embedded';
import { listenOnFreePort, tempDir } from '#test-support';

const WEB_DIST = fileURLToPath(new URL('../web/dist', import.meta.url));

/** What a browser suite runs against: an origin, a way to cut every live connection, and a stop. */
export interface E2eTarget {
  baseUrl: string;
  /** Closes every socket's transport from the server side, as a network drop would; clients reconnect. */
  dropRealtimeConnections(): Promise<void>;
  /** Resolves once the server holds no socket of this user. */
  waitUntilOffline(userId: string): Promise<void>;
  close(): Promise<void>;
}

/** The whole product in this process on embedded adapters, serving the built web app. */
export async function startEmbeddedTarget(): Promise<E2eTarget> {
  const config = parseConfig({ LOG_LEVEL: 'silent', DATA_DIR: await tempDir('chat-e2e'), WEB_DIST });
  const app = await buildEmbeddedApp(config);
  const baseUrl = await listenOnFreePort(app);
  const socketsOf = (userId: string) => [...app.io.of('/').sockets.values()].filter((s) => s.data.userId === userId);
  return {
    baseUrl,
    async dropRealtimeConnections() {
      for (const socket of app.io.of('/').sockets.values()) socket.conn.close();
    },
    async waitUntilOffline(userId) {
      while (socketsOf(userId).length > 0) await new Promise((resolve) => setTimeout(resolve, 20));
    },
    close: () => app.close(),
  };
}

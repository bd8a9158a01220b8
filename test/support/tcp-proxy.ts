import { createServer, connect, type Socket } from 'node:net';

export interface TcpProxy {
  /** `host:port` to give clients instead of the server's own. */
  address: string;
  port: number;
  /** The server "goes down": every connection is reset and new ones are refused at once. */
  cut(): void;
  /** The server "is back": connections go through again, without delay. */
  restore(): void;
  /** A slow link: what clients send reaches the server `ms` later (answers are not slowed). */
  delay(ms: number): void;
  close(): Promise<void>;
}

/**
 * A TCP relay in front of a real server, so a test can take Postgres, Redis or NATS away from the
 * services and give it back without touching the shared server other suites are using.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<Socket>();
  let down = false;
  let latencyMs = 0;
  const server = createServer((client) => {
    if (down) {
      client.resetAndDestroy();
      return;
    }
    const upstream = connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      socket.on('error', () => undefined);
    }
    // Equal delays fire in the order they were set, so the stream stays in order.
    client.on('data', (chunk: Buffer) => {
      if (latencyMs === 0) upstream.write(chunk);
      else setTimeout(() => upstream.write(chunk), latencyMs);
    });
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    address: `127.0.0.1:${port}`,
    port,
    cut() {
      down = true;
      for (const socket of open) socket.resetAndDestroy();
    },
    restore() {
      down = false;
      latencyMs = 0;
    },
    delay(ms) {
      latencyMs = ms;
    },
    async close() {
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The same URL with its host and port replaced by the proxy's. */
export function throughProxy(url: string, proxy: TcpProxy): string {
  const proxied = new URL(url);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(proxy.port);
  return proxied.toString();
}

import { createServer, type AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** Listens on a free loopback port and returns the base URL that clients use. */
export async function listenOnFreePort(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server has no TCP address');
  return `http://127.0.0.1:${address.port}`;
}

/** A loopback port nothing listens on: one the system just handed out and took back. */
export async function unusedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

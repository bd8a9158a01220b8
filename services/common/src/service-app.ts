import { openBlobStore, openBus, openDatabase, openPresence, openRateLimitStore } from './adapters.js';
import type { BlobStore } from './blobs.js';
import type { Bus } from './bus.js';
import type { Config } from './config.js';
import type { Database } from './db.js';
import { registerHealthRoutes } from './health.js';
import type { Presence } from './presence.js';
import type { RateLimitStore } from './rate-limits.js';
import { createHttpServer, type HttpServer } from './server.js';

export interface DataServiceApp {
  app: HttpServer;
  db: Database;
  bus: Bus;
  blobs: BlobStore;
  rateLimitStore: RateLimitStore;
}

/**
 * The HTTP server of a service that keeps data (auth, messages, or all of them in embedded mode),
 * with its database, bus, object store and rate-limit store opened from the config, closed after
 * the service, and checked by `/readyz`. Presence too when the process holds sockets.
 */
export async function createDataServiceApp(config: Config, name: string): Promise<DataServiceApp>;
export async function createDataServiceApp(
  config: Config,
  name: string,
  options: { withPresence: true },
): Promise<DataServiceApp & { presence: Presence }>;
export async function createDataServiceApp(
  config: Config,
  name: string,
  { withPresence = false } = {},
): Promise<DataServiceApp & { presence?: Presence }> {
  const app = await createHttpServer({ logLevel: config.logLevel, trustProxy: config.trustProxy });
  const db = await openDatabase(config, app.log);
  const bus = await openBus(config, app.log, name);
  const presence = withPresence ? await openPresence(config, app.log) : undefined;
  const blobs = await openBlobStore(config);
  const rateLimitStore = openRateLimitStore(config, app.log);
  // Root hooks run after the services' own, so the adapters close last.
  app.addHook('onClose', async () => {
    await presence?.close();
    await bus.close();
    await db.close();
    rateLimitStore.close();
  });
  await registerHealthRoutes(app, {
    database: db.ping,
    bus: bus.ping,
    media: blobs.ping,
    ...(presence ? { presence: presence.ping } : {}),
  });
  return { app, db, bus, blobs, rateLimitStore, presence };
}

import { openBlobStore, openBus, openDatabase, openRateLimitStore } from './adapters.js';
import type { Config } from './config.js';
import { registerHealthRoutes } from './health.js';
import { createHttpServer } from './server.js';

/**
 * The HTTP server of a service that keeps data (auth, messages), with its database, bus and
 * object store opened from the config, closed after the service, and checked by `/readyz`.
 */
export async function createDataServiceApp(config: Config, name: string) {
  const app = await createHttpServer({ logLevel: config.logLevel, trustProxy: config.trustProxy });
  const db = await openDatabase(config, app.log);
  const bus = await openBus(config, app.log, name);
  const blobs = await openBlobStore(config);
  const rateLimitStore = openRateLimitStore(config, app.log);
  // Root hooks run after the service's own, so the adapters close last.
  app.addHook('onClose', async () => {
    await bus.close();
    await db.close();
    rateLimitStore.close();
  });
  await registerHealthRoutes(app, { database: db.ping, bus: bus.ping, media: blobs.ping });
  return { app, db, bus, blobs, rateLimitStore };
}

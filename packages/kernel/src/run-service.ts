import closeWithGrace from 'close-with-grace';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { ConfigError, parseConfig, type Config } from './config.js';

/** In-flight requests get this long to finish after SIGTERM before the process gives up. */
const SHUTDOWN_GRACE_MS = 10_000;

/** What the replicas of services running on their own must share, by the variable that sets it. */
const SHARED_SETTINGS = {
  JWT_SECRET: (config: Config) => config.jwtSecret,
  DATABASE_URL: (config: Config) => config.databaseUrl,
  NATS_URL: (config: Config) => config.natsUrl,
  REDIS_URL: (config: Config) => config.redisUrl,
  S3_ENDPOINT: (config: Config) => config.s3,
};
export type SharedSetting = keyof typeof SHARED_SETTINGS;

/**
 * Refuses to start a service on its own without what its replicas share. Without a URL it would
 * open an embedded adapter instead (its own database, bus or files), and replicas would silently
 * drift apart; embedded mode is `make start`.
 */
export function requireSharedSettings(config: Config, settings: readonly SharedSetting[]): void {
  const missing = settings.filter((setting) => !SHARED_SETTINGS[setting](config));
  if (missing.length === 0) return;
  throw new ConfigError(`${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} required when a service runs on its own`);
}

/** The JWT secret a service that runs on its own must be given: replicas have to share it. */
export function requireJwtSecret(config: Config): string {
  requireSharedSettings(config, ['JWT_SECRET']);
  return config.jwtSecret as string;
}

export interface RunServiceOptions {
  /** A plain line printed once the app listens on `port`, for the person who started it (`make start`). */
  readyLine?: (port: number) => string;
}

/**
 * A service's process: parse the environment once (a bad value stops the start with a message
 * naming it), build the app, listen, and on SIGTERM or SIGINT stop taking requests, let the
 * in-flight ones finish and close every resource.
 */
export async function runService(build: (config: Config) => Promise<FastifyInstance>, options: RunServiceOptions = {}): Promise<void> {
  let app: FastifyInstance;
  let config: Config;
  try {
    config = parseConfig();
    app = await build(config);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`Configuration error: ${error.message}`);
    process.exitCode = 1;
    return;
  }
  closeWithGrace({ delay: SHUTDOWN_GRACE_MS }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
  });
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  if (options.readyLine && typeof address === 'object' && address) {
    // Pino writes its lines asynchronously: the ready line waits for the start's own to be out, so it is the last.
    await new Promise<void>((resolve) => (app.log as FastifyBaseLogger & { flush(done: () => void): void }).flush(() => resolve()));
    console.log(options.readyLine(address.port));
  }
}

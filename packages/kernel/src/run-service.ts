import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';
import { ConfigError, parseConfig, type Config } from './config.js';

/** In-flight requests get this long to finish after SIGTERM before the process gives up. */
const SHUTDOWN_GRACE_MS = 10_000;

/** The JWT secret a service that runs on its own must be given: replicas have to share it. */
export function requireJwtSecret(config: Config): string {
  if (!config.jwtSecret) throw new ConfigError('JWT_SECRET is required when a service runs on its own');
  return config.jwtSecret;
}

/**
 * A service's process: parse the environment once (a bad value stops the start with a message
 * naming it), build the app, listen, and on SIGTERM or SIGINT stop taking requests, let the
 * in-flight ones finish and close every resource.
 */
export async function runService(build: (config: Config) => Promise<FastifyInstance>): Promise<void> {
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
}

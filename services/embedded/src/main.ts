import closeWithGrace from 'close-with-grace';
import { ConfigError, parseConfig, type Config } from '@chat/common';
import { buildEmbeddedApp } from './app.js';

/** In-flight requests get this long to finish after SIGTERM before the process gives up. */
const SHUTDOWN_GRACE_MS = 10_000;

function readConfig(): Config | undefined {
  try {
    return parseConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`Configuration error: ${error.message}`);
    process.exitCode = 1;
    return undefined;
  }
}

const config = readConfig();
if (config) {
  const app = await buildEmbeddedApp(config);
  closeWithGrace({ delay: SHUTDOWN_GRACE_MS }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
  });
  await app.listen({ port: config.port, host: config.host });
}

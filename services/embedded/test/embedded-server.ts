import { join } from 'node:path';
import { parseConfig } from '@chat/kernel';
import { ApiClient, TEST_BCRYPT_COST, connected, embeddedDataDir, listenOnFreePort, openSocket, tempDir } from '#test-support';
import { buildEmbeddedApp } from '../src/app.js';

/** A DATA_DIR with the database already made, as after a first start. */
const newDataDir = () => embeddedDataDir('chat-embedded');

/** An empty DATA_DIR, as on a new install: the first start makes the database (initdb). */
export const emptyDataDir = () => tempDir('chat-embedded-new');

/** The whole product in one process, as `make start` runs it (passwords at the suites' cost), on a free port. */
export async function startEmbedded(env: Record<string, string> = {}) {
  const dataDir = env.DATA_DIR ?? (await newDataDir());
  const config = parseConfig({ LOG_LEVEL: 'silent', WEB_DIST: join(dataDir, 'no-web-build'), ...env, DATA_DIR: dataDir });
  const app = await buildEmbeddedApp({ ...config, bcryptCost: TEST_BCRYPT_COST });
  const baseUrl = await listenOnFreePort(app);
  /** Someone signed up, with their client and a way to open a socket of theirs. */
  const signedUp = async (name: string) => {
    const client = new ApiClient(baseUrl);
    const user = await client.signup(name);
    return { client, user, id: user._id, socket: () => connected(openSocket(baseUrl, { cookie: client.cookie, userId: user._id })) };
  };
  return { app, baseUrl, dataDir, signedUp };
}

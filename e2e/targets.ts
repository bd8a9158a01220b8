import { cp, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe } from 'vitest';
import { parseConfig } from '@chat/kernel';
import { buildEmbeddedApp } from '@chat/embedded';
import { TEST_BCRYPT_COST, embeddedDataDir, eventually, listenOnFreePort, tempDir } from '#test-support';
import { startLocalCluster } from '../scripts/local-cluster.js';
import { FAILURE_DIR, screenshot } from './browser.js';

const WEB_DIST = fileURLToPath(new URL('../web/dist', import.meta.url));

/** What a browser suite runs against: an origin and a stop. */
export interface E2eTarget {
  baseUrl: string;
  close(): Promise<void>;
  /** Copies the deployment's own logs (a file a process) into `folder`, for a failed suite to show. */
  keepLogs?(folder: string): Promise<void>;
}

/** The embedded target can also cut connections. */
export interface EmbeddedTarget extends E2eTarget {
  /**
   * Cuts every socket as a network drop would; clients try to reconnect. Resolves once the user's
   * sockets are gone from the server.
   */
  dropRealtimeConnections(userId: string): Promise<void>;
}

/**
 * A suite signs up more people from one address than the product lets anyone in an hour (20):
 * that limit is tested on a deployment of its own (edge.test.ts).
 */
const SUITE_SIGNUPS_PER_HOUR = '200';
/** Link previews from the suites' own pages on loopback only: a link to example.com asks no DNS server. */
const LINK_PREVIEWS_FROM = '127.0.0.1';

/** The whole product in this process on embedded adapters, serving the built web app; passwords at the suites' cost. */
export async function startEmbeddedTarget(): Promise<EmbeddedTarget> {
  // Warnings show in the test output: a close that had to cut connections names them.
  const config = parseConfig({
    LOG_LEVEL: 'warn',
    DATA_DIR: await embeddedDataDir('chat-e2e'),
    WEB_DIST,
    RATE_LIMIT_SIGNUPS_PER_HOUR: SUITE_SIGNUPS_PER_HOUR,
    LINK_PREVIEWS_FROM,
  });
  const app = await buildEmbeddedApp({ ...config, bcryptCost: TEST_BCRYPT_COST });
  const baseUrl = await listenOnFreePort(app);
  const socketsOf = (userId: string) => [...app.io.of('/').sockets.values()].filter((s) => s.data.userId === userId);
  return {
    baseUrl,
    async dropRealtimeConnections(userId) {
      for (const socket of app.io.of('/').sockets.values()) socket.conn.close();
      await eventually(() => socketsOf(userId).length === 0, "the user's sockets closed on the server", 10_000);
    },
    close: () => app.close(),
  };
}

/**
 * The distributed mode: each service its own process, real servers, nginx in front. Its web build
 * is taken from inside a private folder (0700, as many home folders are), which nginx's workers (another
 * user) cannot enter: every page of the suites proves the cluster serves it wherever the checkout is.
 */
async function startClusterTarget(): Promise<E2eTarget> {
  const privateFolder = await tempDir('chat-private-checkout');
  const webDist = join(privateFolder, 'web-dist');
  await cp(WEB_DIST, webDist, { recursive: true });
  const cluster = await startLocalCluster({ env: { RATE_LIMIT_SIGNUPS_PER_HOUR: SUITE_SIGNUPS_PER_HOUR, LINK_PREVIEWS_FROM }, webDist });
  return {
    baseUrl: cluster.baseUrl,
    keepLogs: (folder) => cp(join(cluster.dir, 'logs'), folder, { recursive: true }),
    close: async () => {
      await cluster.close();
      await rm(privateFolder, { recursive: true, force: true });
    },
  };
}

/** Every browser suite runs on both modes: one code path, two deployments. Names prefix screenshots. */
export const TARGETS: [string, () => Promise<E2eTarget>][] = [
  ['embedded', startEmbeddedTarget],
  ['cluster', startClusterTarget],
];

/** What a suite's tests use: the running target (set before the first test) and a named screenshot. */
export interface TargetRun<Target extends E2eTarget = E2eTarget> {
  /** The deployment's name, as in TARGETS. */
  mode: string;
  target: Target;
  baseUrl: string;
  shot(page: Page, name: string): Promise<void>;
}

/** Declares the suite once per target, each run against a target of its own started for it. */
export function describeOnEveryTarget(suite: (run: TargetRun) => void): void {
  describe.each(TARGETS)('%s mode', (mode, startTarget) => describeOn(mode, startTarget, suite));
}

/**
 * Declares the suite on the embedded mode alone: for what the web app alone decides, which looks
 * the same whichever deployment serves it (what crosses services is proven on both, or in cluster.test.ts).
 */
export function describeOnEmbedded(suite: (run: TargetRun<EmbeddedTarget>) => void): void {
  describe('embedded mode', () => describeOn('embedded', startEmbeddedTarget, suite));
}

function describeOn<Target extends E2eTarget>(
  mode: string,
  startTarget: () => Promise<Target>,
  suite: (run: TargetRun<Target>) => void,
): void {
  const run = {
    mode,
    shot: (page: Page, name: string) => screenshot(page, `${mode}-${name}`),
  } as TargetRun<Target>;
  beforeAll(async () => {
    run.target = await startTarget();
    run.baseUrl = run.target.baseUrl;
  });
  // A failed test's suite keeps what each server logged (coturn's relays, the services' warnings) beside its pages.
  let failedIn: string | undefined;
  afterEach(({ task }) => {
    if (task.result?.state === 'fail') failedIn = basename(task.file.name, '.test.ts');
  });
  afterAll(async () => {
    if (failedIn) await run.target?.keepLogs?.(join(FAILURE_DIR, `${mode}-logs-${failedIn}`));
    await run.target?.close();
  });
  suite(run);
}

// The distributed mode on this machine: auth, messages and two gateway replicas as separate
// processes against the local Postgres, Redis and NATS, an S3 API (s3rver), Debian's nginx as
// the edge and Debian's coturn as the TURN server every call is relayed through, all on loopback. `tsx scripts/local-cluster.ts` runs it until Ctrl-C (make
// cluster-local); tests import startLocalCluster() and stop it themselves.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { chmod, cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { setTimeout as pause } from 'node:timers/promises';
import { connect as connectTcp, createServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect as connectNats } from '@nats-io/transport-node';
import pg from 'pg';
import S3rver from 's3rver';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SCRIPTS = {
  auth: 'services/auth/dist/main.js',
  messages: 'services/messages/dist/main.js',
  gateway: 'services/gateway/dist/main.js',
} as const;

/** A gateway replica: gateway-1, gateway-2, … */
export type GatewayReplica = `gateway-${number}`;
export type ClusterService = 'auth' | 'messages' | GatewayReplica;

const scriptOf = (name: ClusterService) => SCRIPTS[name.startsWith('gateway-') ? 'gateway' : (name as 'auth' | 'messages')];

export interface LocalClusterOptions {
  /** The edge's port; a free one when absent. */
  edgePort?: number;
  namespace?: string;
  /** stop() also drops the cluster's database and NATS streams. */
  throwaway?: boolean;
  postgresUrl?: string;
  redisUrl?: string;
  natsUrl?: string;
  logLevel?: string;
  /** More environment for every service (limits, log settings). */
  env?: Record<string, string>;
  /** Arguments for node before each service's script (e.g. --cpu-prof). */
  nodeArgs?: string[];
  /** Gateway replicas (2 unless told). The edge balances the first two; more are for a bench that connects to them directly. */
  gateways?: number;
  /** The web build to serve (the checkout's web/dist unless told). */
  webDist?: string;
  /**
   * Where a kept cluster (not throwaway) keeps its object store and files, as long as its database:
   * `.data/<namespace>` unless told. A throwaway cluster keeps them in its temporary folder.
   */
  keptDataDir?: string;
}

export interface LocalCluster {
  dir: string;
  namespace: string;
  /** The edge: the one origin a browser uses. */
  baseUrl: string;
  /** The gateway replicas, in order. */
  gateways: GatewayReplica[];
  /** The cluster's own database on the Postgres server. */
  databaseUrl: string;
  serviceUrl(name: ClusterService): string;
  /** Where a service serves `GET /metrics` (Prometheus' format), as in a deployment: a port of its own. */
  metricsUrl(name: ClusterService): string;
  /** Stops one service: SIGTERM drains it, SIGKILL is a crash. */
  stop(name: ClusterService | 'nginx' | 'coturn', signal?: NodeJS.Signals): Promise<void>;
  /** Starts a stopped service again on its port. */
  start(name: ClusterService): Promise<void>;
  /** The process id of a running service (or nginx). */
  pid(name: ClusterService | 'nginx' | 'coturn'): number | undefined;
  close(): Promise<void>;
}
/** How long a service may take to answer /readyz: several clusters start at once in the test suite, on two busy cores. */
const READY_TIMEOUT_MS = 60_000;

/**
 * `count` ports nothing listens on now, for servers about to start: all different, and none of
 * `taken` (those of servers still starting). Each is held until all are chosen: a port closed at once
 * may be the kernel's next pick, and two servers given one port collide (an edge given the web
 * server's port proxied to itself until it ran out of connections: 500).
 */
export async function freePorts(count: number, taken: readonly number[] = []): Promise<number[]> {
  const held: Server[] = [];
  const chosen: number[] = [];
  try {
    while (chosen.length < count) {
      const server = createServer();
      held.push(server);
      const port = await new Promise<number>((resolve, reject) => {
        server.once('error', reject);
        server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
      });
      if (!taken.includes(port)) chosen.push(port);
    }
    return chosen;
  } finally {
    await Promise.all(held.map((server) => new Promise((closed) => server.close(closed))));
  }
}

/** A port nothing listens on now, for a server about to start. */
export const freePort = async (): Promise<number> => (await freePorts(1))[0]!;

/** One try may not outlast this: a proxy waiting on a stuck upstream would hold it past the deadline. */
const READY_ATTEMPT_TIMEOUT_MS = 5_000;

/**
 * Resolves once `url` answers as `isUp` wants; fails after READY_TIMEOUT_MS, saying what the last
 * try got (a status, or why there was none), so a slow start says which side was not there.
 */
export async function waitUntilAnswering(url: string, isUp = (response: Response) => response.ok): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let lastTry: string;
  for (;;) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(READY_ATTEMPT_TIMEOUT_MS) });
      if (isUp(response)) return;
      lastTry = `it answered ${response.status}`;
    } catch (error) {
      const { cause, message } = error as Error & { cause?: { code?: string; message?: string } };
      lastTry = cause?.code ?? cause?.message ?? message;
    }
    if (Date.now() > deadline) throw new Error(`${url} did not become ready in ${READY_TIMEOUT_MS} ms (last try: ${lastTry})`);
    await pause(100);
  }
}

/** Fills `${NAME}` from values and leaves nginx's own `$variables` alone, as the nginx image's envsubst does. */
const render = (template: string, values: Record<string, string>) =>
  template.replace(/\$\{([A-Z0-9_]+)\}/g, (match, name: string) => values[name] ?? match);

/** Runs one statement on a Postgres server on a connection of its own (CREATE and DROP DATABASE need one). */
export async function withPostgres(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Deletes the JetStream streams made under a subject prefix, so the server does not fill up. */
export async function removeNatsStreams(natsUrl: string, subjectPrefix: string): Promise<void> {
  const nc = await connectNats({ servers: natsUrl });
  const jsm = await jetstreamManager(nc);
  // Stream names carry the prefix with what a stream name cannot hold replaced.
  const marker = subjectPrefix.replace(/[^A-Za-z0-9_-]/g, '_');
  for await (const name of jsm.streams.names()) if (name.includes(marker)) await jsm.streams.delete(name);
  await nc.close();
}

/**
 * Starts the cluster. `namespace` isolates a run on the shared servers: its own database, Redis key
 * prefix and NATS subject prefix. With `throwaway`, stop() also drops the database and the streams.
 */
export async function startLocalCluster({
  edgePort,
  namespace = `cluster_${randomUUID().replaceAll('-', '').slice(0, 10)}`,
  throwaway = true,
  postgresUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
  natsUrl = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222',
  logLevel = 'warn',
  env: extraEnv = {},
  nodeArgs = [],
  gateways: gatewayCount = 2,
  webDist = join(ROOT, 'web/dist'),
  keptDataDir = join(ROOT, '.data', namespace),
}: LocalClusterOptions = {}): Promise<LocalCluster> {
  const gateways = Array.from({ length: Math.max(2, gatewayCount) }, (_, n): GatewayReplica => `gateway-${n + 1}`);
  const dir = await mkdtemp(join(tmpdir(), 'chat-cluster-'));
  await mkdir(join(dir, 'logs'));
  const cleanups: (() => Promise<unknown>)[] = [];
  const children = new Map<ClusterService | 'nginx' | 'coturn', { child: ChildProcess; exited: Promise<unknown[]> }>();
  try {
    const databaseUrl = new URL(postgresUrl);
    databaseUrl.pathname = `/${namespace}`;
    await withPostgres(postgresUrl, `CREATE DATABASE ${namespace}`).catch((error: { code?: string }) => {
      if (error.code !== '42P04') throw error; // kept from an earlier run: reuse it
    });
    if (throwaway) cleanups.push(() => withPostgres(postgresUrl, `DROP DATABASE IF EXISTS ${namespace} WITH (FORCE)`));

    // Stored pictures and files live as long as the messages pointing at them.
    const dataDir = throwaway ? dir : keptDataDir;
    await mkdir(join(dataDir, 's3'), { recursive: true });
    const s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: join(dataDir, 's3') });
    const { port: s3Port } = await s3.run();
    cleanups.push(() => s3.close());

    // Every port of the cluster chosen at once, so no two are the same.
    const withMetrics = ['auth', 'messages', ...gateways];
    const chosen = await freePorts(5 + gateways.length + withMetrics.length, edgePort === undefined ? [] : [edgePort]);
    const [auth, messages, web, edge, turnPort] = chosen as [number, number, number, number, number];
    const ports: Record<string, number> = { auth, messages, web, edge: edgePort ?? edge };
    for (const [i, gateway] of gateways.entries()) ports[gateway] = chosen[5 + i]!;
    // Where coturn relays each call's media from: a range of its own, picked at random among runs.
    const relayPorts = 40_000 + Math.floor(Math.random() * 200) * 100;
    const turnSecret = randomBytes(32).toString('base64url');
    const metricsPorts: Record<string, number> = {};
    for (const [i, name] of withMetrics.entries()) metricsPorts[name] = chosen[5 + gateways.length + i]!;
    /** Two ports for a server that found its own taken (by another run): none the cluster's others were given. */
    const twoOtherPorts = async () =>
      (await freePorts(2, [...Object.values(ports), ...Object.values(metricsPorts), turnPort])) as [number, number];
    const env = {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      LOG_LEVEL: logLevel,
      JWT_SECRET: randomBytes(48).toString('base64url'),
      DATABASE_URL: databaseUrl.toString(),
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: `${namespace}:`,
      NATS_URL: natsUrl,
      NATS_SUBJECT_PREFIX: namespace,
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      S3_ACCESS_KEY: 'S3RVER',
      S3_SECRET_KEY: 'S3RVER',
      S3_BUCKET: 'chat-media',
      DATA_DIR: join(dataDir, 'data'),
      // Behind nginx (the only proxy, at this address): the client address is the one it saw.
      TRUST_PROXY: '127.0.0.1',
      // Every call goes through coturn, as a cluster whose people sit behind NATs needs: the browser
      // suites prove a relayed call carries sound and picture.
      TURN_URLS: `turn:127.0.0.1:${turnPort}?transport=udp,turn:127.0.0.1:${turnPort}?transport=tcp`,
      TURN_SECRET: turnSecret,
      TURN_RELAY_ONLY: 'true',
      ...extraEnv,
    };
    if (throwaway) cleanups.push(() => removeNatsStreams(natsUrl, namespace));

    const logPath = (name: string) => join(dir, 'logs', `${name}.log`);
    const logSays = async (name: string, text: string) => (await readFile(logPath(name), 'utf8').catch(() => '')).includes(text);

    /**
     * Runs `start` until `ready` answers. On a first start, a port another process took between
     * freePort and listen (another run's freePort) is replaced by `takePorts` and tried again.
     */
    const startProcess = async (
      name: ClusterService | 'nginx' | 'coturn',
      launch: () => ChildProcess,
      ready: () => Promise<void>,
      retry?: { portTaken: () => Promise<boolean>; takePorts: () => Promise<void>; attempts: number },
    ): Promise<void> => {
      const child = launch();
      const exited = once(child, 'exit');
      children.set(name, { child, exited });
      try {
        await Promise.race([
          ready(),
          exited.then(([code]) => {
            throw new Error(`${name} exited with ${code} while starting; see the logs in ${join(dir, 'logs')}`);
          }),
        ]);
      } catch (error) {
        if (!retry || retry.attempts === 0 || child.exitCode === null || !(await retry.portTaken())) throw error;
        await retry.takePorts();
        await startProcess(name, launch, ready, { ...retry, attempts: retry.attempts - 1 });
      }
    };

    const startService = (name: ClusterService, { firstStart = false } = {}) => {
      const launch = () => {
        const log = createWriteStream(logPath(name), { flags: 'a' });
        const child = spawn(process.execPath, [...nodeArgs, join(ROOT, scriptOf(name))], {
          env: { ...env, PORT: String(ports[name]), METRICS_PORT: String(metricsPorts[name]) },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        child.stdout.pipe(log);
        child.stderr.pipe(log);
        return child;
      };
      const ready = () => waitUntilAnswering(`http://127.0.0.1:${ports[name]}/readyz`);
      const retry = {
        portTaken: () => logSays(name, 'EADDRINUSE'),
        takePorts: async () => {
          [ports[name], metricsPorts[name]] = await twoOtherPorts();
        },
        attempts: 2,
      };
      return startProcess(name, launch, ready, firstStart ? retry : undefined);
    };
    const startTurn = () =>
      startProcess(
        'coturn',
        () => {
          const coturn = spawn('turnserver', coturnArgs({ port: turnPort, relayPorts, secret: turnSecret }), {
            stdio: ['ignore', 'pipe', 'pipe'],
          });
          const log = createWriteStream(logPath('coturn'), { flags: 'a' });
          coturn.stdout.pipe(log);
          coturn.stderr.pipe(log);
          return coturn;
        },
        () => waitUntilListening(turnPort),
      );
    // Auth and messages first: both migrate, and the projection's consumer must exist before users do.
    // On a first start a port another process took meanwhile is replaced; a restart keeps its port.
    const firstStart = { firstStart: true };
    await Promise.all([startTurn(), startService('auth', firstStart), startService('messages', firstStart)]);
    await Promise.all(gateways.map((gateway) => startService(gateway, firstStart)));

    const writeEdgeConfig = async () => {
      const templates = join(ROOT, 'deploy/nginx/templates');
      const values = {
        EDGE_PORT: `127.0.0.1:${ports.edge}`,
        WEB_PORT: `127.0.0.1:${ports.web}`,
        WEB_ROOT: join(dir, 'web'),
        AUTH_ADDRESS: `127.0.0.1:${ports.auth}`,
        MESSAGES_ADDRESS: `127.0.0.1:${ports.messages}`,
        GATEWAY_1_ADDRESS: `127.0.0.1:${ports['gateway-1']}`,
        GATEWAY_2_ADDRESS: `127.0.0.1:${ports['gateway-2']}`,
        WEB_ADDRESS: `127.0.0.1:${ports.web}`,
        // Addresses, not names: nothing to resolve (and Debian's nginx predates `resolve`).
        EDGE_RESOLVER: '127.0.0.1',
        UPSTREAM_RESOLVE: '',
      };
      for (const name of ['edge', 'web']) {
        await writeFile(join(dir, `${name}.conf`), render(await readFile(join(templates, `${name}.conf.template`), 'utf8'), values));
      }
    };
    const startEdge = () =>
      startProcess(
        'nginx',
        () => {
          const nginx = spawn('nginx', ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
          nginx.stderr.pipe(createWriteStream(logPath('nginx-error'), { flags: 'a' }));
          return nginx;
        },
        () => waitUntilAnswering(`http://127.0.0.1:${ports.edge}/api/auth/check`, (response) => response.status === 401),
        edgePort === undefined
          ? {
              portTaken: () => logSays('nginx-error', 'Address already in use'),
              takePorts: async () => {
                [ports.edge, ports.web] = await twoOtherPorts();
                await writeEdgeConfig();
              },
              attempts: 2,
            }
          : undefined,
      );
    await writeEdgeConfig();
    // nginx keeps a large body (a file being sent) on disk while it passes it on. Started as root,
    // its workers run as another user: they may cross the cluster's private folder, not list it.
    await mkdir(join(dir, 'nginx-temp'), { mode: 0o1777 });
    await chmod(join(dir, 'nginx-temp'), 0o1777);
    await chmod(dir, 0o711);
    // The web build is served from a copy in that folder: a checkout inside a private folder (a home
    // folder of mode 0700, a mktemp -d) is one those workers cannot enter, and every page would be 500.
    await cp(webDist, join(dir, 'web'), { recursive: true });
    await writeFile(
      join(dir, 'nginx.conf'),
      [
        'daemon off;',
        'worker_processes auto;',
        `pid ${join(dir, 'nginx.pid')};`,
        `error_log ${logPath('nginx-error')} warn;`,
        'events { worker_connections 4096; }',
        'http {',
        '  include /etc/nginx/mime.types;',
        '  default_type application/octet-stream;',
        `  access_log ${logPath('nginx-access')};`,
        ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${join(dir, 'nginx-temp', kind)};`),
        `  include ${join(dir, 'edge.conf')};`,
        `  include ${join(dir, 'web.conf')};`,
        '}',
      ].join('\n'),
    );
    await startEdge();

    const stopChild = async (name: ClusterService | 'nginx' | 'coturn', signal: NodeJS.Signals = 'SIGTERM') => {
      const entry = children.get(name);
      if (!entry || entry.child.exitCode !== null || entry.child.signalCode !== null) return;
      entry.child.kill(signal);
      await entry.exited;
    };

    return {
      dir,
      namespace,
      baseUrl: `http://127.0.0.1:${ports.edge}`,
      gateways,
      databaseUrl: databaseUrl.toString(),
      serviceUrl: (name) => `http://127.0.0.1:${ports[name]}`,
      metricsUrl: (name) => `http://127.0.0.1:${metricsPorts[name]}/metrics`,
      stop: stopChild,
      start: (name) => startService(name),
      pid: (name) => children.get(name)?.child.pid,
      async close() {
        for (const name of [...children.keys()].reverse()) await stopChild(name);
        for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
        await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    for (const { child } of children.values()) child.kill('SIGKILL');
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    // The folder stays: its logs say why the start failed.
    throw new Error(`the local cluster did not start: ${(error as Error).message}; its logs are kept in ${join(dir, 'logs')}`, {
      cause: error,
    });
  }
}

/**
 * coturn on loopback with the REST API's shared secret (auth issues each user's credential from it),
 * relaying between loopback addresses (a real deployment denies them: docs/deploy.md), without TLS.
 */
export function coturnArgs({ port, relayPorts, secret }: { port: number; relayPorts: number; secret: string }): string[] {
  return [
    '-n',
    '--listening-ip=127.0.0.1',
    `--listening-port=${port}`,
    '--relay-ip=127.0.0.1',
    `--min-port=${relayPorts}`,
    `--max-port=${relayPorts + 99}`,
    '--use-auth-secret',
    `--static-auth-secret=${secret}`,
    '--realm=chat.local',
    '--fingerprint',
    '--no-tls',
    '--no-dtls',
    '--no-cli',
    '--allow-loopback-peers',
    '--log-file=stdout',
    '--simple-log',
  ];
}

/** Resolves once something accepts TCP connections on the loopback port; fails past READY_TIMEOUT_MS. */
export async function waitUntilListening(port: number): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    const listening = await new Promise<boolean>((resolve) => {
      const socket = connectTcp(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (listening) return;
    if (Date.now() > deadline) throw new Error(`nothing listened on port ${port} within ${READY_TIMEOUT_MS} ms`);
    await pause(50);
  }
}

/** `make cluster-local`'s cluster: kept between runs, its database, streams and stored files together. */
const KEPT_NAMESPACE = 'chat_local_cluster';

/** `make clean-data`: drops what `make cluster-local` kept (its database, streams and stored files) at once. */
async function dropKeptCluster(): Promise<void> {
  const postgresUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  await withPostgres(postgresUrl, `DROP DATABASE IF EXISTS ${KEPT_NAMESPACE} WITH (FORCE)`);
  await removeNatsStreams(process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222', KEPT_NAMESPACE);
  await rm(join(ROOT, '.data', KEPT_NAMESPACE), { recursive: true, force: true });
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === 'clean') {
  await dropKeptCluster();
  console.log("dropped the local cluster's database, streams and stored files");
} else if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const edgePort = Number(process.env.PORT ?? 8090);
  const cluster = await startLocalCluster({ edgePort, namespace: KEPT_NAMESPACE, throwaway: false, logLevel: 'info' });
  console.log(`Chat.io local cluster: ${cluster.baseUrl}  (logs in ${join(cluster.dir, 'logs')}; Ctrl-C stops it)`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, async () => {
      console.log('stopping the local cluster');
      await cluster.close();
    });
  }
}

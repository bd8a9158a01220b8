// `make bench`: the same load on three systems, one after the other, on this machine:
//   relay    a bare Socket.IO relay (the limit of the stack here),
//   embedded Chat.io in one process (PGlite, in-process bus and presence),
//   cluster  the local cluster (auth, messages, two gateways, nginx, Postgres, NATS, Redis, s3rver).
// Open loop at each offered rate (Chat.io also over HTTP at 1,000 and 2,000); Chat.io then 2,000 msg/s for a minute, with the search indexer's lag
// beside it (BENCH_SUSTAINED_SECONDS, 0 for none); then a closed loop (Chat.io: text sent over the socket as the web
// app sends it, then also over HTTP, and with every message acknowledged and read, as receipts
// make clients do); then `groups`: a group of 1,024 members, all online, on the bare relay (a
// room), embedded and on a cluster of three gateways (bench/groups.mjs); then `database`: reads of a 1,000,000-message
// conversation and a 10,000-user contact list; then `connections`: idle sockets on one gateway;
// then `fleet`: 50,000 sockets over three gateway replicas, and the reconnect storm.
// Results in bench/results (JSON, markdown, SVG).
// BENCH_SYSTEMS, BENCH_RATES, BENCH_HTTP_RATES, BENCH_SECONDS and BENCH_PAIRS change what runs; BENCH_PROFILE_DIR profiles.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { cpus, totalmem, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as pause } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { freePorts, startLocalCluster, waitUntilAnswering } from '../scripts/local-cluster.ts';
import { measureConnections } from './connections.mjs';
import { measureDatabase } from './database.mjs';
import { measureFleet } from './fleet.mjs';
import { measureGroups } from './groups.mjs';
import { openLoopWithIndexLag } from './index-lag.mjs';
import { closedLoop, connectUsers, disconnectUsers, openLoop } from './load.mjs';
import { childrenOf, processesNamed } from './proc.mjs';
import { writeReport } from './report.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ALL_SYSTEMS = 'relay,embedded,cluster,groups,database,connections,fleet';
const SYSTEMS = (process.env.BENCH_SYSTEMS ?? ALL_SYSTEMS).split(',');
const RATES = (process.env.BENCH_RATES ?? '100,500,1000,2000,4000').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** The rates Chat.io's open loop also runs over HTTP (`POST /api/messages/send/:id`): its other send path. */
const HTTP_RATES = (process.env.BENCH_HTTP_RATES ?? '1000,2000').split(',').filter(Boolean).map(Number);
const PAIRS = Number(process.env.BENCH_PAIRS ?? 100);
/** The sustained phase: a rate the background work (the search indexer) must keep up with, and for how long. */
const SUSTAINED = { rate: 2000, seconds: Number(process.env.BENCH_SUSTAINED_SECONDS ?? 60) };
const CLOSED_LOOP_IN_FLIGHT = 64;
/** Limits meant for people, not for a load test. */
const NO_LIMITS = {
  RATE_LIMIT_SIGNUPS_PER_HOUR: '1000000',
  RATE_LIMIT_LOGINS_PER_IP: '1000000',
  RATE_LIMIT_MESSAGES_PER_MINUTE: '10000000',
  RATE_LIMIT_GROUP_MESSAGES_PER_MINUTE: '10000000',
};

// BENCH_PROFILE_DIR=dir: every Chat.io process writes a CPU profile there when it stops (open it in
// Chrome DevTools or speedscope).
const NODE_ARGS = process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : [];

async function startRelay() {
  const child = spawn(process.execPath, [join(ROOT, 'bench/bare-relay.mjs')], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [line] = await once(child.stdout, 'data');
  const baseUrl = `http://127.0.0.1:${String(line).trim()}`;
  return {
    name: 'relay',
    kind: 'relay',
    baseUrl,
    gatewayUrls: [baseUrl],
    storeProcesses: ['relay'],
    gatewayProcesses: ['relay'],
    pids: () => ({ relay: child.pid }),
    close: async () => {
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

/** Node's flags for embedded mode, as `make start` gives them (the Makefile's EMBEDDED_NODE_ARGS). */
async function embeddedNodeArgs() {
  const makefile = await readFile(join(ROOT, 'Makefile'), 'utf8');
  return (/^EMBEDDED_NODE_ARGS := (.*)$/m.exec(makefile)?.[1] ?? '').split(' ').filter(Boolean);
}

async function startEmbedded() {
  const dataDir = await mkdtemp(join(tmpdir(), 'chat-bench-'));
  const [port, metricsPort] = await freePorts(2);
  const child = spawn(process.execPath, [...(await embeddedNodeArgs()), ...NODE_ARGS, join(ROOT, 'services/embedded/dist/main.js')], {
    env: {
      ...process.env,
      ...NO_LIMITS,
      PORT: String(port),
      METRICS_PORT: String(metricsPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitUntilAnswering(`${baseUrl}/readyz`);
  return {
    name: 'embedded',
    kind: 'chat',
    baseUrl,
    gatewayUrls: [baseUrl],
    storeProcesses: ['embedded'],
    gatewayProcesses: ['embedded'],
    pids: () => ({ embedded: child.pid }),
    metricsUrls: { embedded: `http://127.0.0.1:${metricsPort}/metrics` },
    close: async () => {
      child.kill('SIGTERM');
      await once(child, 'exit');
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function startCluster({ gateways = 2 } = {}) {
  const cluster = await startLocalCluster({ env: NO_LIMITS, nodeArgs: NODE_ARGS, gateways });
  const nginxWorkers = await childrenOf(cluster.pid('nginx'));
  return {
    name: 'cluster',
    kind: 'chat',
    baseUrl: cluster.baseUrl,
    gatewayUrls: cluster.gateways.map((name) => cluster.serviceUrl(name)),
    storeProcesses: ['messages', 'postgres'],
    gatewayProcesses: cluster.gateways,
    metricsUrls: Object.fromEntries(['auth', 'messages', ...cluster.gateways].map((name) => [name, cluster.metricsUrl(name)])),
    pids: () => ({
      auth: cluster.pid('auth'),
      messages: cluster.pid('messages'),
      ...Object.fromEntries(cluster.gateways.map((name) => [name, cluster.pid(name)])),
      ...Object.fromEntries(nginxWorkers.map((pid, i) => [`nginx-${i + 1}`, pid])),
      ...SERVER_PIDS,
    }),
    close: () => cluster.close(),
  };
}

/**
 * The shared servers' processes, by command name, listed at each reading: Postgres has a process
 * per connection, and the messages service replaces its connections every minute.
 */
const SERVER_PIDS = Object.fromEntries(
  ['postgres', 'nats-server', 'redis-server'].map((name) => [name, async () => (await processesNamed([name]))[name]]),
);

const STARTERS = { relay: startRelay, embedded: startEmbedded, cluster: startCluster };

const results = {
  date: new Date().toISOString(),
  machine: { cpus: cpus().length, model: cpus()[0]?.model, memoryGb: Math.round(totalmem() / 2 ** 30), node: process.version },
  method: { pairs: PAIRS, secondsPerRate: SECONDS, rates: RATES, closedLoopInFlight: CLOSED_LOOP_IN_FLIGHT },
  systems: {},
};

for (const name of SYSTEMS.filter((system) => system in STARTERS)) {
  console.log(`\n== ${name}`);
  const system = await STARTERS[name]();
  try {
    const load = await connectUsers(system, PAIRS * 2);
    // Warm-up (JIT, pools, caches, the HTTP client's connections), not reported.
    await openLoop(system, load, 1000, 3);
    if (system.kind === 'chat' && HTTP_RATES.length > 0) await openLoop(system, load, 1000, 3, { via: 'http' });
    const openLoopPhase = async (rate, via) => {
      const phase = await openLoop(system, load, rate, SECONDS, { via });
      console.log(
        `${String(rate).padStart(5)} msg/s offered${via === 'http' ? ' over HTTP' : ''}: p50 ${phase.p50} p95 ${phase.p95} p99 ${phase.p99} p99.9 ${phase.p999} max ${phase.max} ms; ` +
          `${phase.delivered}/${phase.sent} delivered, ${phase.lost} lost, ${phase.duplicated} duplicated, ${phase.errors} errors; cpu ${JSON.stringify(phase.cpu)}; ` +
          `event-loop delay ms ${JSON.stringify(phase.loopDelayMs)}`,
      );
      await pause(1000);
      return phase;
    };
    const phases = [];
    for (const rate of RATES) phases.push(await openLoopPhase(rate, 'socket'));
    // Chat.io's other send path, at the rates whose tail is compared with the peers'.
    const phasesOverHttp = [];
    if (system.kind === 'chat') for (const rate of HTTP_RATES) phasesOverHttp.push(await openLoopPhase(rate, 'http'));
    const sustained =
      system.kind === 'chat' && SUSTAINED.seconds > 0
        ? await openLoopWithIndexLag(system, load, SUSTAINED.rate, SUSTAINED.seconds)
        : undefined;
    if (sustained) {
      console.log(
        `${sustained.offered} msg/s for ${sustained.seconds} s: p99 ${sustained.p99} p99.9 ${sustained.p999} max ${sustained.max} ms, ` +
          `${sustained.lost} lost; search index lag ${JSON.stringify(sustained.indexLagSeconds)} s`,
      );
      await pause(1000);
    }
    const closed = await closedLoop(system, load, CLOSED_LOOP_IN_FLIGHT, SECONDS);
    console.log(
      `closed loop (${CLOSED_LOOP_IN_FLIGHT} in flight): ${closed.throughput} msg/s, p50 ${closed.p50} p99 ${closed.p99} ms ` +
        `(the send's own answer: p50 ${closed.answerP50} ms); cpu ${JSON.stringify(closed.cpu)}`,
    );
    const entry = { phases, phasesOverHttp, sustained, closedLoop: closed };
    if (system.kind === 'chat') {
      entry.closedLoopOverHttp = await closedLoop(system, load, CLOSED_LOOP_IN_FLIGHT, SECONDS, { via: 'http' });
      const overHttp = entry.closedLoopOverHttp;
      console.log(
        `closed loop over HTTP: ${overHttp.throughput} msg/s, p50 ${overHttp.p50} p99 ${overHttp.p99} ms ` +
          `(the send's own answer: p50 ${overHttp.answerP50} ms); cpu ${JSON.stringify(overHttp.cpu)}`,
      );
      // The same loop with every message acknowledged by its receiver's socket and read, in turn
      // with the loop without, in the order without, with, with, without: the host's noise falls on
      // both alike, and so does whatever slows a system as its tables grow (each run adds ~30,000
      // messages); alternating would charge that drift to the later runs, with receipts, and make
      // two of them stamp the backlog a run without left unread.
      const runs = { without: [closed], with: [] };
      for (const receipts of [true, true, false]) {
        const run = await closedLoop(system, load, CLOSED_LOOP_IN_FLIGHT, SECONDS, { receipts });
        runs[receipts ? 'with' : 'without'].push(run);
        console.log(
          `closed loop ${receipts ? 'with' : 'without'} receipts: ${run.throughput} msg/s, p50 ${run.p50} p99 ${run.p99} ms; cpu ${JSON.stringify(run.cpu)}`,
        );
      }
      entry.receipts = runs;
      const mean = (list) => Math.round(list.reduce((sum, run) => sum + run.throughput, 0) / list.length);
      console.log(
        `with receipts: ${mean(runs.with)} msg/s, ${Math.round((mean(runs.with) / mean(runs.without)) * 100)} % of ${mean(runs.without)} without`,
      );
    }
    results.systems[name] = entry;
    await disconnectUsers(load);
  } finally {
    await system.close();
  }
}

if (SYSTEMS.includes('groups')) {
  results.groups = {};
  // The bare relay broadcasts each message to a room of the members: the floor beside Chat.io's.
  const starters = { relay: startRelay, embedded: startEmbedded, cluster: () => startCluster({ gateways: 3 }) };
  for (const name of (process.env.BENCH_GROUP_SYSTEMS ?? 'relay,embedded,cluster').split(',')) {
    const start = starters[name];
    console.log(`\n== groups: ${name}`);
    const system = await start();
    try {
      results.groups[name] = await measureGroups(system);
    } finally {
      await system.close();
    }
  }
}

if (SYSTEMS.includes('database')) {
  console.log('\n== database');
  results.database = await measureDatabase({ nodeArgs: NODE_ARGS });
  console.log(JSON.stringify(results.database));
}

if (SYSTEMS.includes('connections')) {
  console.log('\n== connections');
  results.connections = await measureConnections();
  console.log(JSON.stringify(results.connections));
}

if (SYSTEMS.includes('fleet')) {
  console.log('\n== fleet');
  results.fleet = await measureFleet({ env: NO_LIMITS, nodeArgs: NODE_ARGS });
  console.log(JSON.stringify(results.fleet));
}

const complete =
  SYSTEMS.join(',') === ALL_SYSTEMS &&
  !process.env.BENCH_RATES &&
  !process.env.BENCH_HTTP_RATES &&
  !process.env.BENCH_SECONDS &&
  !process.env.BENCH_PAIRS &&
  !process.env.BENCH_SUSTAINED_SECONDS;
await writeReport(results, { complete });

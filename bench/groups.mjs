// The group phase: one group of 1,024 members, every member online with one socket (spread over
// the system's gateways, held by DRIVERS processes: bench/group-driver.mjs), and an open loop of
// group messages at each rate for SECONDS, the sender rotating over the members, each sent over
// HTTP as the web app sends to a group. Every copy is timed from its scheduled send to the member's
// socket: p50 and p99 over all copies, p99 of the time until a message's last member has it, and
// every copy counted (lost, duplicated). CPU per group message of the messages service and the
// database, for this group and for one of 16 (O(1) per message: within 2× of each other), and the
// gateways' CPU per copy.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { setTimeout as pause } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { Pool } from 'undici';
import { inTurn, startDriver } from './driver-process.mjs';
import { cpuMeter, signUp } from './load.mjs';

const DRIVER = fileURLToPath(new URL('./group-driver.mjs', import.meta.url));
const MEMBERS = Number(process.env.BENCH_GROUP_MEMBERS ?? 1024);
const SMALL_GROUP = 16;
const RATES = (process.env.BENCH_GROUP_RATES ?? '2,5,10,20,50,100').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** The rate at which the two groups' CPU per message is compared. */
const COMPARED_RATE = 50;
const DRIVERS = 4;
const SIGNUPS_IN_FLIGHT = 8;
/** How long the copies of a phase may take to arrive after its last send. */
const DRAIN_MS = 15_000;

const round = (value, places = 1) => Math.round(value * 10 ** places) / 10 ** places;
const now = () => performance.timeOrigin + performance.now();

/** A group of `members` (the first its creator); the messages service learns of new accounts through the bus, so it is asked again until it knows them all. */
async function createGroup(http, name, members) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const response = await http.request({
      method: 'POST',
      path: '/api/messages/groups',
      headers: { 'content-type': 'application/json', cookie: members[0].cookie },
      body: JSON.stringify({ name, memberIds: members.slice(1).map((member) => member.id) }),
    });
    const body = await response.body.json();
    if (response.statusCode === 201) return body._id;
    if (Date.now() > deadline) throw new Error(`the group ${name} was not created: ${response.statusCode} ${JSON.stringify(body)}`);
    await pause(500);
  }
}

/** Percentiles of a merged histogram of 0.1 ms buckets. */
function fromHistogram(histogram) {
  const total = histogram.reduce((sum, [, count]) => sum + count, 0);
  const at = (q) => {
    let seen = 0;
    for (const [bucket, count] of histogram) {
      seen += count;
      if (seen > q * total) return bucket / 10;
    }
    return null;
  };
  return { p50: at(0.5), p99: at(0.99), max: histogram.length ? histogram.at(-1)[0] / 10 : null };
}

function merge(collected) {
  const buckets = new Map();
  for (const { histogram } of collected) for (const [bucket, count] of histogram) buckets.set(bucket, (buckets.get(bucket) ?? 0) + count);
  const histogram = [...buckets].sort((a, b) => a[0] - b[0]);
  const copies = collected[0].copies.map((_, seq) => collected.reduce((sum, part) => sum + part.copies[seq], 0));
  const slowest = collected[0].slowest.map((_, seq) => Math.max(...collected.map((part) => part.slowest[seq])));
  const total = (field) => collected.reduce((sum, part) => sum + part[field], 0);
  return { histogram, copies, slowest, duplicated: total('duplicated'), receipts: total('receipts') };
}

/** Open loop: `rate` messages a second to `groupId` for `seconds`, from its members in turn; each copy of each counted. */
async function groupLoop({ system, http, drivers, members, groupId, rate, seconds }) {
  await Promise.all(drivers.map((driver) => driver.ask('reset')));
  const metered = performance.now();
  const stopCpu = await cpuMeter({ ...system.pids(), drivers: drivers.map(({ child }) => child.pid) });
  const total = Math.round(rate * seconds);
  let accepted = 0;
  /** The sends that failed, by status (or the request's error). */
  const refused = {};
  const failed = (kind) => (refused[kind] = (refused[kind] ?? 0) + 1);
  const sends = [];
  const start = now();
  for (let seq = 0; seq < total; seq++) {
    const due = start + (seq * 1000) / rate;
    if (due > now()) await pause(due - now());
    const sender = members[seq % members.length];
    sends.push(
      http
        .request({
          method: 'POST',
          path: `/api/messages/groups/${groupId}/send`,
          headers: { 'content-type': 'application/json', cookie: sender.cookie },
          body: JSON.stringify({ text: `g${seq} ${due.toFixed(3)}`, clientMessageId: randomUUID() }),
        })
        .then(
          async (response) => {
            await response.body.dump();
            if (response.statusCode === 201) accepted += 1;
            else failed(response.statusCode);
          },
          (error) => failed(error.code ?? error.name),
        ),
    );
  }
  await Promise.all(sends);
  const expected = accepted * (members.length - 1);
  const drainDeadline = performance.now() + DRAIN_MS;
  const arrived = async () =>
    (await Promise.all(drivers.map((driver) => driver.ask('count')))).reduce((sum, { copies }) => sum + copies, 0);
  while ((await arrived()) < expected && performance.now() < drainDeadline) await pause(100);
  const cpu = await stopCpu();
  const cpuSeconds = (performance.now() - metered) / 1000;
  const merged = merge(await Promise.all(drivers.map((driver) => driver.ask('collect'))));
  const delivered = merged.copies.reduce((sum, count) => sum + count, 0);
  const complete = merged.slowest.filter((_, seq) => merged.copies[seq] === members.length - 1).sort((a, b) => a - b);
  return {
    offered: rate,
    members: members.length,
    sent: total,
    accepted,
    errors: Object.values(refused).reduce((sum, count) => sum + count, 0),
    refused,
    copies: delivered,
    lost: expected - delivered,
    duplicated: merged.duplicated,
    ...fromHistogram(merged.histogram),
    lastMemberP99: complete.length ? round(complete[Math.min(complete.length - 1, Math.floor(0.99 * complete.length))]) : null,
    copiesPerSecond: Math.round(delivered / seconds),
    receiptCopiesPerSecond: Math.round(merged.receipts / seconds),
    cpu,
    cpuSeconds: round(cpuSeconds, 2),
  };
}

/** CPU µs a message (or a copy) of each process named, from its share of a core over the phase. */
const perUnit = ({ cpu, cpuSeconds }, names, units, places = 0) =>
  round(((names.reduce((sum, name) => sum + (cpu[name] ?? 0), 0) / 100) * cpuSeconds * 1e6) / Math.max(1, units), places);

export async function measureGroups(system) {
  const http = new Pool(system.baseUrl, { connections: 64 });
  const drivers = Array.from({ length: DRIVERS }, () => startDriver(DRIVER));
  try {
    const members = [];
    const signupStarted = performance.now();
    await inTurn(MEMBERS, SIGNUPS_IN_FLIGHT, async (i) => (members[i] = await signUp(http, `Member ${i}`)));
    const groupId = await createGroup(http, 'Bench', members);
    const smallGroupId = await createGroup(http, 'Bench 16', members.slice(0, SMALL_GROUP));
    const setupSeconds = round((performance.now() - signupStarted) / 1000);
    const urls = system.gatewayUrls;
    await Promise.all(
      drivers.map((driver, d) =>
        driver.ask('connect', {
          sockets: members.flatMap((member, i) =>
            i % DRIVERS === d ? [{ url: urls[i % urls.length], userId: member.id, cookie: member.cookie }] : [],
          ),
        }),
      ),
    );
    const loop = (rate, seconds, group = { groupId, members }) => groupLoop({ system, http, drivers, rate, seconds, ...group });
    await loop(20, 3); // warm-up (JIT, pools, caches), not reported
    const phases = [];
    for (const rate of RATES) {
      const phase = await loop(rate, SECONDS);
      phase.gatewayUsPerCopy = perUnit(phase, system.gatewayProcesses, phase.copies, 1);
      phases.push(phase);
      console.log(
        `${String(rate).padStart(4)} group msg/s to ${MEMBERS}: p50 ${phase.p50} p99 ${phase.p99} max ${phase.max} ms, last member p99 ${phase.lastMemberP99} ms; ` +
          `${phase.copies}/${phase.accepted * (MEMBERS - 1)} copies (and ${phase.receiptCopiesPerSecond} receipts a second), ${phase.lost} lost, ${phase.duplicated} duplicated, ${phase.errors} errors ${JSON.stringify(phase.refused)}; gateways ${phase.gatewayUsPerCopy} µs a copy; cpu ${JSON.stringify(phase.cpu)}`,
      );
      await pause(1000);
    }
    const small = await loop(COMPARED_RATE, SECONDS, { groupId: smallGroupId, members: members.slice(0, SMALL_GROUP) });
    const large = phases.find((phase) => phase.offered === COMPARED_RATE) ?? (await loop(COMPARED_RATE, SECONDS));
    const store = system.storeProcesses;
    const gateways = system.gatewayProcesses;
    const cost = {
      rate: COMPARED_RATE,
      storeProcesses: store,
      perMessageUs: { [SMALL_GROUP]: perUnit(small, store, small.accepted), [MEMBERS]: perUnit(large, store, large.accepted) },
      gatewayUsPerCopy: perUnit(large, gateways, large.copies, 1),
    };
    console.log(
      `CPU per group message (${store.join(' + ')}): ${JSON.stringify(cost.perMessageUs)} µs; the gateways per copy ${cost.gatewayUsPerCopy} µs`,
    );
    return { members: MEMBERS, gateways: urls.length, drivers: DRIVERS, setupSeconds, phases, small, cost };
  } finally {
    await Promise.all(drivers.map((driver) => driver.ask('close').catch(() => undefined)));
    await http.close();
  }
}

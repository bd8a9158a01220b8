// The soak: 200 users chatting at a steady rate over the local cluster for a few minutes, sampling
// every service's memory (RSS) and open handles (file descriptors). Passes when neither grows beyond
// its bound between the first and the last part of the run, and no message is lost or duplicated.
// `make soak` runs it; SOAK_MINUTES, SOAK_USERS and SOAK_RATE (messages per second) change the load.
import { mkdir, writeFile } from 'node:fs/promises';
import { setTimeout as pause } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { startLocalCluster } from '../scripts/local-cluster.ts';
import { connectUsers, disconnectUsers } from './load.mjs';
import { openHandles, rssKb } from './proc.mjs';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 3);
const USERS = Number(process.env.SOAK_USERS ?? 200);
const RATE = Number(process.env.SOAK_RATE ?? 100);
const SAMPLE_EVERY_MS = 10_000;
/** Growth allowed from the first to the last third of the run, per service. */
const BOUNDS = { rssMb: 40, handles: 20 };
const SERVICES = ['auth', 'messages', 'gateway-1', 'gateway-2'];

async function sample(cluster) {
  const at = Date.now();
  const services = {};
  for (const name of SERVICES) {
    const pid = cluster.pid(name);
    services[name] = { rssMb: Math.round((await rssKb(pid)) / 102.4) / 10, handles: await openHandles(pid) };
  }
  return { at, services };
}

const cluster = await startLocalCluster({
  env: {
    RATE_LIMIT_SIGNUPS_PER_HOUR: String(USERS * 2),
    RATE_LIMIT_LOGINS_PER_IP: String(USERS * 2),
    RATE_LIMIT_MESSAGES_PER_MINUTE: '100000',
  },
});
console.log(`soak: ${USERS} users, ${RATE} msg/s, ${MINUTES} min over ${cluster.baseUrl}`);
try {
  const load = await connectUsers({ kind: 'chat', baseUrl: cluster.baseUrl }, USERS);
  const { users } = load;
  const received = new Map();
  for (const user of users) {
    user.socket.on('newMessage', (message) => {
      if (message.receiverId === user.id) received.set(message._id, (received.get(message._id) ?? 0) + 1);
    });
  }

  const samples = [await sample(cluster)];
  const sent = new Set();
  let failures = 0;
  const endAt = Date.now() + MINUTES * 60_000;
  let nextSampleAt = Date.now() + SAMPLE_EVERY_MS;
  let tick = 0;
  const started = Date.now();
  while (Date.now() < endAt) {
    // Open loop: each send is scheduled by the clock, not by the previous answer.
    const due = started + (tick * 1000) / RATE;
    if (due > Date.now()) await pause(due - Date.now());
    // Every user sends in turn, each time to a different one of the next 13.
    const from = users[tick % USERS];
    const to = users[(tick + 1 + (tick % 13)) % USERS];
    tick += 1;
    fetch(`${cluster.baseUrl}/api/messages/send/${to.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: from.cookie },
      body: JSON.stringify({ text: `soak ${tick}` }),
    })
      .then(async (response) => {
        if (response.status === 201) sent.add((await response.json())._id);
        else failures += 1;
      })
      .catch(() => (failures += 1));
    if (Date.now() >= nextSampleAt) {
      samples.push(await sample(cluster));
      nextSampleAt += SAMPLE_EVERY_MS;
    }
  }
  await pause(2000);
  samples.push(await sample(cluster));
  await disconnectUsers(load);

  const third = Math.max(1, Math.floor(samples.length / 3));
  const mean = (list, name, field) => list.reduce((sum, s) => sum + s.services[name][field], 0) / list.length;
  const report = {};
  let pass = true;
  for (const name of SERVICES) {
    const early = samples.slice(1, 1 + third);
    const late = samples.slice(-third);
    const growth = {
      rssMb: Math.round((mean(late, name, 'rssMb') - mean(early, name, 'rssMb')) * 10) / 10,
      handles: Math.round(mean(late, name, 'handles') - mean(early, name, 'handles')),
    };
    const ok = growth.rssMb <= BOUNDS.rssMb && growth.handles <= BOUNDS.handles;
    pass &&= ok;
    report[name] = { first: samples[0].services[name], last: samples.at(-1).services[name], growth, ok };
  }
  const lost = [...sent].filter((id) => !received.has(id)).length;
  const duplicated = [...received.values()].filter((count) => count > 1).length;
  pass &&= lost === 0 && duplicated === 0 && failures === 0;
  const result = {
    date: new Date().toISOString(),
    users: USERS,
    rate: RATE,
    minutes: MINUTES,
    bounds: BOUNDS,
    sent: sent.size,
    failures,
    lost,
    duplicated,
    services: report,
    samples,
    pass,
  };

  console.log('service     RSS first → last (MB)   handles first → last   growth (late − early third)');
  for (const [name, entry] of Object.entries(report)) {
    console.log(
      `${name.padEnd(11)} ${String(entry.first.rssMb).padStart(6)} → ${String(entry.last.rssMb).padEnd(12)} ${String(entry.first.handles).padStart(5)} → ${String(entry.last.handles).padEnd(12)} ${entry.growth.rssMb} MB, ${entry.growth.handles} handles ${entry.ok ? 'ok' : 'OVER BOUND'}`,
    );
  }
  console.log(`messages: ${sent.size} stored, ${failures} failed sends, ${lost} lost, ${duplicated} duplicated`);
  console.log(`bounds: RSS growth ≤ ${BOUNDS.rssMb} MB and handle growth ≤ ${BOUNDS.handles} per service → ${pass ? 'PASS' : 'FAIL'}`);
  const dir = fileURLToPath(new URL('./results', import.meta.url));
  await mkdir(dir, { recursive: true });
  await writeFile(`${dir}/soak-latest.json`, JSON.stringify(result, null, 2));
  process.exitCode = pass ? 0 : 1;
} finally {
  await cluster.close();
}

// Turns one bench run into bench/results/<date>.json, latest.json, latest.md and p99.svg, and prints
// the ratios to the bare relay and the targets.
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const DIR = fileURLToPath(new URL('./results/', import.meta.url));
/** A rate is sustained when everything offered arrived, nothing failed, and p99 stayed below this. */
const SUSTAINED_P99_MS = 250;

export const sustainedRate = (phases) =>
  Math.max(
    0,
    ...phases.filter((p) => p.lost === 0 && p.errors === 0 && p.delivered === p.sent && p.p99 <= SUSTAINED_P99_MS).map((p) => p.offered),
  );

const cpuText = (cpu) =>
  Object.entries(cpu)
    .map(([name, value]) => (name === 'driverMaxStallMs' ? `driver's longest stall ${value} ms` : `${name} ${value}%`))
    .join(', ');

/** Each Chat.io process's event-loop delay over a phase (bench/loop-delay.mjs): p99 / longest, ms. */
const loopDelayText = (delays = {}) =>
  Object.entries(delays)
    .map(([name, { p99, max }]) => `${name} ${p99} / ${max}`)
    .join(', ');

/** The group phase (bench/groups.mjs): each system's open loop, then what a group message costs. */
function groupLines(groups) {
  const lines = [
    '',
    'Groups: one group, every member online with one socket (over the gateways), group messages sent over HTTP by the members in turn; ' +
      'latency from the scheduled send to each member’s socket (the sender’s own copy not counted).',
    '',
    '| system | members | group msg/s | copies/s | receipts’ copies/s | p50 ms | p99 ms | max ms | last member p99 ms | copies / expected | lost | dup | errors | gateways µs a copy | CPU (% of a core) |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const [name, { members, phases }] of Object.entries(groups)) {
    for (const p of phases) {
      lines.push(
        `| ${name} | ${members} | ${p.offered} | ${p.copiesPerSecond} | ${p.receiptCopiesPerSecond ?? ''} | ${p.p50} | ${p.p99} | ${p.max} | ${p.lastMemberP99} | ` +
          `${p.copies} / ${p.accepted * (members - 1)} | ${p.lost} | ${p.duplicated} | ${p.errors}${p.errors ? ` (${JSON.stringify(p.refused)})` : ''} | ` +
          `${p.gatewayUsPerCopy ?? ''} | ${cpuText(p.cpu)} |`,
      );
    }
  }
  lines.push(
    '',
    '| system | CPU per group message at 50 msg/s | 16 members | all members | gateways’ CPU per copy |',
    '|---|---|---|---|---|',
  );
  for (const [name, { members, cost }] of Object.entries(groups)) {
    lines.push(
      `| ${name} | ${cost.storeProcesses.join(' + ')} | ${cost.perMessageUs[16]} µs | ${cost.perMessageUs[members]} µs | ${cost.gatewayUsPerCopy} µs |`,
    );
  }
  return lines;
}

function markdown(results) {
  const lines = [
    `Measured ${results.date.slice(0, 10)} on ${results.machine.cpus} × ${results.machine.model}, ${results.machine.memoryGb} GB, Node ${results.machine.node}; ` +
      `${results.method.pairs} pairs, ${results.method.secondsPerRate} s per rate, open loop; closed loop with ${results.method.closedLoopInFlight} in flight.`,
    '',
    '| system | offered msg/s | p50 ms | p95 ms | p99 ms | p99.9 ms | max ms | delivered / sent | lost | dup | CPU (% of a core) | event-loop delay p99 / max ms |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  /** A row of the table: a phase, or a closed loop (`offered` its label, `delivered` what it delivered). */
  const row = (name, offered, p, delivered) =>
    `| ${name} | ${offered} | ${p.p50} | ${p.p95} | ${p.p99} | ${p.p999 ?? ''} | ${p.max} | ${delivered} | ${p.lost ?? '–'} | ${p.duplicated} | ${cpuText(p.cpu)} | ${loopDelayText(p.loopDelayMs)} |`;
  for (const [name, { phases, phasesOverHttp = [], sustained, closedLoop, closedLoopOverHttp }] of Object.entries(results.systems)) {
    for (const p of phases) lines.push(row(name, p.offered, p, `${p.delivered} / ${p.sent}`));
    for (const p of phasesOverHttp) lines.push(row(name, `${p.offered} over HTTP`, p, `${p.delivered} / ${p.sent}`));
    if (sustained)
      lines.push(row(name, `${sustained.offered} for ${sustained.seconds} s`, sustained, `${sustained.delivered} / ${sustained.sent}`));
    lines.push(row(name, `closed loop: **${closedLoop.throughput}**`, closedLoop, closedLoop.delivered));
    const http = closedLoopOverHttp;
    if (http) lines.push(row(name, `closed loop over HTTP: **${http.throughput}**`, http, http.delivered));
  }
  lines.push('', `Sustained = the highest offered rate delivered in full, with no error and p99 ≤ ${SUSTAINED_P99_MS} ms.`, '');
  const lags = Object.entries(results.systems).filter(([, system]) => system.sustained);
  if (lags.length > 0) {
    lines.push(
      'The search indexer under the sustained load (the rows "… for … s"): how long the oldest message it had not read had waited, ' +
        'sampled every second (it leaves the youngest 5 s for a later pass: keeping up is staying near 5 s): ' +
        lags
          .map(
            ([name, { sustained }]) =>
              `${name} at most ${sustained.indexLagSeconds.max} s, ${sustained.indexLagSeconds.last} s as it ended`,
          )
          .join('; ') +
        '.',
      '',
    );
  }
  lines.push(
    'Chat.io sends text over the socket (`sendMessage`, as the web app does) in the open and closed loops; "over HTTP" is the same loop with `POST /api/messages/send/:id`.',
    '',
    '| system | sustained msg/s | closed-loop msg/s | closed loop / bare relay | over HTTP / bare relay |',
    '|---|---|---|---|---|',
  );
  const relay = results.systems.relay?.closedLoop.throughput;
  const ofRelay = (loop) => (relay && loop ? `${((loop.throughput / relay) * 100).toFixed(1)} %` : '–');
  for (const [name, { phases, closedLoop, closedLoopOverHttp }] of Object.entries(results.systems)) {
    lines.push(
      `| ${name} | ${sustainedRate(phases)} | ${closedLoop.throughput} | ${ofRelay(closedLoop)} | ${ofRelay(closedLoopOverHttp)} |`,
    );
  }
  const withReceipts = Object.entries(results.systems).filter(([, system]) => system.receipts);
  if (withReceipts.length > 0) {
    lines.push(
      '',
      'Receipts: the closed loop with every message acknowledged by its receiver’s socket as delivered and read (as the web app ' +
        'does with the conversation open), in turn with the loop without (without, with, with, without: a steady drift and the backlog the first run with receipts stamps fall on both alike); the means of each. ' +
        'CPU per message is each process’s share over the throughput, averaged over the runs.',
      '',
      '| system | closed loop msg/s | with receipts msg/s | with / without | CPU µs per message without → with |',
      '|---|---|---|---|---|',
    );
    const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;
    const perMessage = (runs) => {
      const keys = Object.keys(runs[0].cpu).filter((key) => key !== 'driverMaxStallMs');
      return Object.fromEntries(
        keys.map((key) => [key, Math.round(mean(runs.map((run) => ((run.cpu[key] / 100) * 1e6) / run.throughput)))]),
      );
    };
    for (const [name, { receipts }] of withReceipts) {
      const [without, withThem] = [mean(receipts.without.map((run) => run.throughput)), mean(receipts.with.map((run) => run.throughput))];
      const before = perMessage(receipts.without);
      const cost = Object.entries(perMessage(receipts.with))
        .map(([key, us]) => `${key} ${before[key]} → ${us}`)
        .join(', ');
      lines.push(`| ${name} | ${Math.round(without)} | ${Math.round(withThem)} | ${((withThem / without) * 100).toFixed(1)} % | ${cost} |`);
    }
  }
  if (results.groups) lines.push(...groupLines(results.groups));
  if (results.database) {
    const d = results.database;
    lines.push(
      '',
      `Database scale (seeded in ${d.seedSeconds} s, message search indexed in ${d.indexSeconds} s more; requests one at a time, straight to the messages service):`,
      '',
      '| read | p50 ms | p99 ms | max ms |',
      '|---|---|---|---|',
      `| latest page of a ${d.messages.toLocaleString('en')}-message conversation | ${d.latestPage.p50} | ${d.latestPage.p99} | ${d.latestPage.max} |`,
      `| an older page (\`before\` a random id) | ${d.olderPage.p50} | ${d.olderPage.p99} | ${d.olderPage.max} |`,
      ...[
        ['inboxFirstPage', `inbox, first page (500,000 conversations)`],
        ['inboxNextPage', 'inbox, the next page by its cursor'],
        ['contactsFirstPage', `contacts, first page (1 conversation, then ${d.contacts.toLocaleString('en')} users by name)`],
        ['contactsDeepPage', 'contacts, a page deep in the names'],
        ['nameSearch', 'name search, two word starts (“oli sm”)'],
        ['inboxNameSearch', 'the same searches by the user with 500,000 conversations'],
        ['rareNameSearch', 'name search matching one user'],
        ['messageSearchRecentWord', 'message search, a word in the user’s latest 500,000 of 1,500,000 messages'],
        ['messageSearchCommon', 'message search, a word in the 1,000,000 before those (none of the latest)'],
        ['messageSearchRare', 'message search, two words matching a few messages'],
        ['messageSearchInConversation', 'the same, in the 1,000,000-message conversation'],
        ['messageSearchNoneInConversation', 'her latest 500,000’s word in that conversation, where it is not'],
        [
          'groupsFirstPage',
          'her groups’ first page: 50 of her 200 groups of 1,024 members (1,000,000 messages), each with its unread count and latest message',
        ],
        ['groupsAllPages', 'all 200 of her groups, page after page (4 requests, one after the other)'],
        ['signup', 'sign up, among 1,000,000 accounts (a bcrypt hash, cost 10)'],
        ['login', 'log in as one of them (a bcrypt compare)'],
      ].map(([key, label]) => `| ${label} | ${d[key].p50} | ${d[key].p99} | ${d[key].max} |`),
    );
  }
  if (results.connections) {
    const c = results.connections;
    lines.push(
      '',
      `Connection scale: ${c.sockets.toLocaleString('en')} idle authenticated sockets (${c.users} users) on one gateway replica ` +
        `(Redis presence, NATS), bounded by this machine's file limit of ${c.fileLimit.toLocaleString('en')} per process.`,
      '',
      '| connect rate | gateway RSS | RSS per socket | heap per socket | one presence change: sockets reached | in | gateway CPU (user + kernel) |',
      '|---|---|---|---|---|---|---|',
      `| ${c.connectRate} sockets/s | ${c.rssMb} MB | ${c.rssPerSocketKb} KB | ${c.heapPerSocketKb} KB | ${c.presenceChange.socketsReached.toLocaleString('en')} | ` +
        `${c.presenceChange.deliveredInMs} ms | ${c.presenceChange.gatewayCpuMs} ms (${c.presenceChange.gatewayUserCpuMs} + ${c.presenceChange.gatewaySystemCpuMs}) |`,
      '',
      `By interest: each socket then watches ${c.byInterest.watchedPerSocket} users (each watched by as many sockets; set up in ${c.byInterest.watchSeconds} s, ` +
        `gateway RSS ${c.byInterest.rssMb} MB): one of them online or offline reaches ${c.byInterest.socketsReachedPerChange} sockets ` +
        `for ${c.byInterest.gatewayCpuMsPerChange} ms of gateway CPU a change with the connection and its end ` +
        `(${c.byInterest.unwatchedCpuMsPerChange} ms for a user no one watches: the fan-out itself ${c.byInterest.fanOutCpuMsPerChange} ms; ${c.byInterest.changes} changes each).`,
      '',
      `The floor under any fan-out here (bench/write-floor.mjs): one write(2) of a small frame to each of ${c.writeFloor.sockets.toLocaleString('en')} plain ` +
        `TCP sockets costs ${c.writeFloor.perSocketUs} µs per socket (${c.writeFloor.userUs} user + ${c.writeFloor.systemUs} kernel, loopback delivery included); ` +
        `the gateway spends ${Math.round(((c.presenceChange.gatewayCpuMs * 1000) / c.sockets) * 10) / 10} µs per socket on a presence change.`,
    );
  }
  if (results.fleet) {
    const f = results.fleet;
    const p = f.presence;
    const s = f.storm;
    lines.push(
      '',
      `The fleet: ${f.sockets.toLocaleString('en')} users, one socket each, over ${f.replicas} gateway replicas of the local cluster ` +
        `(${f.drivers} driver processes; at most ${f.fileLimit.toLocaleString('en')} open files a process).`,
      '',
      '| connected in | RSS per socket (the most over 30 s idle) | every socket watching 200: a change | of it the fan-out | storm: back on the others in | sends p99 | sends lost | users not online exactly once |',
      '|---|---|---|---|---|---|---|---|',
      `| ${f.connectSeconds} s (${f.connectRate} sockets/s) | ${f.rssPerSocketKb} KB | ${p.gatewaysCpuMsPerChange} ms of the gateways' CPU | ${p.fanOutCpuMsPerChange} ms | ` +
        `${s.reconnectedInSeconds} s (${s.reconnections.toLocaleString('en')} of ${s.sockets.toLocaleString('en')} sockets) | ${s.sendP99Ms} ms | ${s.lost} of ${s.sends.toLocaleString('en')} (${s.sendsDuringStorm.toLocaleString('en')} during the storm) | ${s.usersNotOnlineExactlyOnce} |`,
    );
  }
  return `${lines.join('\n')}\n`;
}

function chart(results) {
  const width = 640;
  const height = 360;
  const margin = { left: 60, right: 120, top: 20, bottom: 40 };
  const rates = results.method.rates;
  const all = Object.values(results.systems).flatMap((s) => s.phases.map((p) => p.p99 ?? 1));
  const maxLog = Math.ceil(Math.log10(Math.max(10, ...all)));
  const x = (rate) =>
    margin.left + (Math.log(rate / rates[0]) / Math.log(rates.at(-1) / rates[0] || 2)) * (width - margin.left - margin.right);
  const y = (ms) => height - margin.bottom - ((Math.log10(Math.max(0.1, ms)) + 1) / (maxLog + 1)) * (height - margin.top - margin.bottom);
  const colors = { relay: '#888888', embedded: '#d97706', cluster: '#2563eb' };
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif" font-size="12">`,
    `<rect width="100%" height="100%" fill="white"/>`,
    `<text x="${margin.left}" y="14">p99 latency (ms, log) vs offered rate (msg/s, log)</text>`,
  ];
  for (let e = -1; e <= maxLog; e++) {
    parts.push(`<line x1="${margin.left}" x2="${width - margin.right}" y1="${y(10 ** e)}" y2="${y(10 ** e)}" stroke="#eee"/>`);
    parts.push(`<text x="${margin.left - 8}" y="${y(10 ** e) + 4}" text-anchor="end">${10 ** e}</text>`);
  }
  for (const rate of rates) parts.push(`<text x="${x(rate)}" y="${height - margin.bottom + 16}" text-anchor="middle">${rate}</text>`);
  Object.entries(results.systems).forEach(([name, { phases }], i) => {
    const color = colors[name] ?? '#000';
    const points = phases.map((p) => `${x(p.offered).toFixed(1)},${y(p.p99 ?? 0.1).toFixed(1)}`).join(' ');
    parts.push(`<polyline points="${points}" fill="none" stroke="${color}" stroke-width="2"/>`);
    for (const p of phases) parts.push(`<circle cx="${x(p.offered)}" cy="${y(p.p99 ?? 0.1)}" r="3" fill="${color}"/>`);
    parts.push(`<text x="${width - margin.right + 10}" y="${margin.top + 20 + i * 18}" fill="${color}">${name}</text>`);
  });
  parts.push('</svg>');
  return parts.join('\n');
}

/** A full run becomes `latest`; a partial one (some systems only) is kept beside it, replacing nothing. */
export async function writeReport(results, { complete }) {
  await mkdir(DIR, { recursive: true });
  const json = JSON.stringify(results, null, 2);
  const table = markdown(results);
  const name = `${complete ? '' : 'partial-'}${results.date.slice(0, 10)}`;
  await writeFile(`${DIR}${name}.json`, json);
  if (complete) {
    await writeFile(`${DIR}latest.json`, json);
    await writeFile(`${DIR}latest.md`, table);
    await writeFile(`${DIR}p99.svg`, chart(results));
  }
  console.log(`\n${table}`);
  console.log(`written: bench/results/${name}.json${complete ? ', latest.json, latest.md, p99.svg' : ''}`);
}

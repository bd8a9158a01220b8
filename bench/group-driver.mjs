// One process of the group phase's members (bench/groups.mjs): a socket per member, each signed in
// with its cookie, on the gateway it is given. Every copy of a group message is timed against the
// send time its text carries (the machine's wall clock, shared by every process), counted once per
// socket (a second copy is a duplicate), and its socket reports what it has with `groupReceived`
// about once a second, as the web app does (the members' reports spread over the second). Told
// what to do over IPC.
//
// The sockets speak Socket.IO's protocol over plain WebSockets (engine.io v4: open, connect, ping,
// events; nothing else is needed here): socket.io-client's layers cost the drivers more CPU than
// the gateways spend on a copy, and the machine the system under test runs on would be measured.
import { performance } from 'node:perf_hooks';
import { SOCKET_PATH } from '@chat/contracts';
import WebSocket from 'ws';
import { answerCommands, inTurn } from './driver-process.mjs';

/** Latencies are counted in buckets of 0.1 ms up to a minute; a copy later than that counts as a minute. */
const BUCKETS = 600_000;
/** Message numbers of one phase (at most 100 msg/s for 10 s, and the warm-up). */
const MAX_SEQ = 4096;
/** The members' reports are spread over the second in this many slices. */
const REPORT_SLICES = 20;

const members = [];
let phase = newPhase();
let reporter;

function newPhase() {
  return { histogram: new Uint32Array(BUCKETS), copies: new Uint16Array(MAX_SEQ), slowest: new Float64Array(MAX_SEQ), duplicated: 0 };
}

function onCopy(member, message) {
  const at = performance.timeOrigin + performance.now();
  const match = /^g(\d+) (\d+(?:\.\d+)?)$/.exec(message.text ?? '');
  if (!match || message.senderId === member.userId) return;
  const seq = Number(match[1]);
  member.newest.set(message.groupId, message._id);
  if (member.seen[seq]) {
    phase.duplicated += 1;
    return;
  }
  member.seen[seq] = 1;
  const latency = Math.max(0, at - Number(match[2]));
  phase.histogram[Math.min(BUCKETS - 1, Math.floor(latency * 10))] += 1;
  phase.copies[seq] += 1;
  if (latency > phase.slowest[seq]) phase.slowest[seq] = latency;
}

/** A Socket.IO connection over a plain WebSocket: `{ emit(event, payload), close() }` once connected. */
function connect({ url, userId, cookie }) {
  /** The newest message of each group this socket has, and what it last reported of each. */
  const member = { userId, seen: new Uint8Array(MAX_SEQ), newest: new Map(), reported: new Map() };
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}${SOCKET_PATH}/?EIO=4&transport=websocket`, { headers: { cookie } });
  member.emit = (event, payload) => ws.send(`42${JSON.stringify([event, payload])}`);
  member.close = () => ws.close();
  return new Promise((resolve, reject) => {
    ws.on('error', reject);
    ws.on('message', (data) => {
      const packet = data.toString();
      if (packet[0] === '0') ws.send(`40${JSON.stringify({ watchPresence: [] })}`);
      else if (packet === '2') ws.send('3');
      else if (packet.startsWith('40')) resolve(member);
      else if (packet.startsWith('44')) reject(new Error(`refused: ${packet.slice(2)}`));
      else if (packet.startsWith('42["newMessage"')) onCopy(member, JSON.parse(packet.slice(2))[1]);
    });
  });
}

const commands = {
  async connect({ sockets }) {
    await inTurn(sockets.length, 32, async (i) => (members[i] = await connect(sockets[i])));
    let slice = 0;
    reporter = setInterval(() => {
      slice = (slice + 1) % REPORT_SLICES;
      for (let i = slice; i < members.length; i += REPORT_SLICES) {
        const member = members[i];
        for (const [groupId, upTo] of member.newest) {
          if (member.reported.get(groupId) === upTo) continue;
          member.reported.set(groupId, upTo);
          member.emit('groupReceived', { groupId, upTo });
        }
      }
    }, 1000 / REPORT_SLICES);
    return { connected: members.length };
  },
  /** A new phase: its messages are numbered from 0 again. */
  async reset() {
    phase = newPhase();
    for (const member of members) member.seen.fill(0);
    return {};
  },
  /** How many copies have arrived so far in this phase. */
  async count() {
    let copies = 0;
    for (const count of phase.copies) copies += count;
    return { copies };
  },
  /** The phase's figures: the histogram as [bucket, count] pairs, and each message's copies and slowest. */
  async collect() {
    const histogram = [];
    phase.histogram.forEach((count, bucket) => count && histogram.push([bucket, count]));
    return { histogram, copies: [...phase.copies], slowest: [...phase.slowest], duplicated: phase.duplicated };
  },
  async close() {
    clearInterval(reporter);
    for (const member of members) member.close();
    setImmediate(() => process.exit(0));
    return {};
  },
};

answerCommands(commands);

// One process of the group phase's members (bench/groups.mjs): a socket per member, each signed in
// with its cookie, on the gateway it is given. Every copy of a group message is timed against the
// send time its text carries (the machine's wall clock, shared by every process), counted once per
// socket (a second copy is a duplicate), and its socket reports what it has with `groupReceived`
// about once a second, as the web app does (the members' reports spread over the second). Told
// what to do over IPC.
//
// The sockets speak Socket.IO's protocol over bare TCP sockets (bench/raw-websocket.mjs), and a
// copy is read where it lies in its frame: the drivers share the two cores with the system they
// measure, and their every µs a copy is one the system does not get.
import { performance } from 'node:perf_hooks';
import { answerCommands, inTurn } from './driver-process.mjs';
import { connectSocketIo } from './raw-websocket.mjs';

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
  return {
    histogram: new Uint32Array(BUCKETS),
    copies: new Uint16Array(MAX_SEQ),
    slowest: new Float64Array(MAX_SEQ),
    duplicated: 0,
    receipts: 0,
  };
}

const NEW_MESSAGE = Buffer.from('["newMessage",');
const GROUP_RECEIPTS = Buffer.from('["groupReceipts",');
const ID = Buffer.from('"_id":"');
const GROUP_ID = Buffer.from('"groupId":"');
const TEXT = Buffer.from('"text":"g');

/** The string value after `key` (a JSON string without escapes: an id) in the packet. */
function valueAfter(packet, key) {
  const start = packet.indexOf(key) + key.length;
  return packet.toString('latin1', start, packet.indexOf(0x22 /* '"' */, start));
}

/** A `newMessage` event of a group, `frame[start..end)`: its text is `g<seq> <sent at, ms>`. Receipts are counted. */
function onCopy(member, frame, start, end) {
  const at = performance.timeOrigin + performance.now();
  const packet = frame.subarray(start, end);
  if (!packet.subarray(0, NEW_MESSAGE.length).equals(NEW_MESSAGE)) {
    // The group's ticks moving: a write to every member's socket as a copy is, counted beside them.
    if (packet.subarray(0, GROUP_RECEIPTS.length).equals(GROUP_RECEIPTS)) phase.receipts += 1;
    return;
  }
  const text = packet.indexOf(TEXT);
  // Its own messages' copies (on its other sockets) are not counted; the bench's sockets have none.
  if (text < 0 || packet.includes(member.senderKey)) return;
  const space = packet.indexOf(0x20 /* ' ' */, text);
  const seq = Number(packet.toString('latin1', text + TEXT.length, space));
  member.newest.set(valueAfter(packet, GROUP_ID), valueAfter(packet, ID));
  if (member.seen[seq]) {
    phase.duplicated += 1;
    return;
  }
  member.seen[seq] = 1;
  const sentAt = Number(packet.toString('latin1', space + 1, packet.indexOf(0x22 /* '"' */, space)));
  const latency = Math.max(0, at - sentAt);
  phase.histogram[Math.min(BUCKETS - 1, Math.floor(latency * 10))] += 1;
  phase.copies[seq] += 1;
  if (latency > phase.slowest[seq]) phase.slowest[seq] = latency;
}

/** A member's Socket.IO connection: `{ emit(event, payload), close() }` once connected. */
async function connect({ url, userId, cookie }) {
  /** The newest message of each group this socket has, and what it last reported of each. */
  const member = {
    senderKey: Buffer.from(`"senderId":"${userId}"`),
    seen: new Uint8Array(MAX_SEQ),
    newest: new Map(),
    reported: new Map(),
  };
  const connection = await connectSocketIo({
    url,
    cookie,
    auth: { watchPresence: [] },
    onEvent: (frame, start, end) => onCopy(member, frame, start, end),
  });
  return Object.assign(member, connection);
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
    return { histogram, copies: [...phase.copies], slowest: [...phase.slowest], duplicated: phase.duplicated, receipts: phase.receipts };
  },
  async close() {
    clearInterval(reporter);
    for (const member of members) member.close();
    setImmediate(() => process.exit(0));
    return {};
  },
};

answerCommands(commands);

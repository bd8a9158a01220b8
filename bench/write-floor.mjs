// The floor under any fan-out on this machine: one write(2) of a small WebSocket frame to each of
// N plain TCP sockets, no framework. A presence change pushed to N sockets costs at least this.
// Run as a module (measureWriteFloor), it forks itself as the server holding the sockets and as
// clients (a process holds at most its file limit).
import { fork } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import { fileURLToPath } from 'node:url';

const SELF = fileURLToPath(import.meta.url);
const PER_CLIENT = 9_000;
/** A text frame the size of one presence delta. */
const PAYLOAD = Buffer.from(`42["onlineUsersChanged",{"online":["${'0'.repeat(36)}"],"offline":[]}]`);
const FRAME = Buffer.concat([Buffer.from([0x81, PAYLOAD.length]), PAYLOAD]);
const ROUNDS = 3;

function serve(count) {
  const sockets = [];
  const server = net.createServer((socket) => {
    socket.on('error', () => undefined);
    sockets.push(socket);
    if (sockets.length === count) setTimeout(writeRounds, 500);
  });
  server.listen({ port: 0, host: '127.0.0.1', backlog: 4096 }, () => process.send({ port: server.address().port }));
  function writeRounds() {
    const perSocketUs = [];
    for (let round = 0; round < ROUNDS; round++) {
      const before = process.cpuUsage();
      for (const socket of sockets) socket.write(FRAME);
      const used = process.cpuUsage(before);
      perSocketUs.push({ user: used.user / count, system: used.system / count });
    }
    process.send({ perSocketUs });
  }
}

function connect(port, count) {
  let opened = 0;
  const more = () => {
    for (let i = 0; i < 200 && opened < count; i++, opened++) {
      const socket = net.connect(port, '127.0.0.1');
      socket.on('data', () => undefined);
      socket.on('error', () => undefined);
    }
    if (opened < count) setTimeout(more, 10);
  };
  more();
}

if (process.argv[2] === 'server') serve(Number(process.argv[3]));
if (process.argv[2] === 'client') connect(Number(process.argv[3]), Number(process.argv[4]));

/** CPU per socket (µs, user and kernel) of one small write to each of `sockets` sockets, best of three rounds. */
export async function measureWriteFloor(sockets) {
  const server = fork(SELF, ['server', String(sockets)]);
  const clients = [];
  try {
    const [{ port }] = await once(server, 'message');
    for (let left = sockets; left > 0; left -= PER_CLIENT) {
      clients.push(fork(SELF, ['client', String(port), String(Math.min(PER_CLIENT, left))]));
    }
    const [{ perSocketUs }] = await once(server, 'message');
    const best = perSocketUs.reduce((a, b) => (a.user + a.system <= b.user + b.system ? a : b));
    const round = (us) => Math.round(us * 10) / 10;
    return { sockets, userUs: round(best.user), systemUs: round(best.system), perSocketUs: round(best.user + best.system) };
  } finally {
    for (const child of [server, ...clients]) child.kill('SIGKILL');
  }
}

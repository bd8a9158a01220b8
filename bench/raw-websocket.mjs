// A Socket.IO connection over a bare TCP socket, for load drivers that hold a thousand sockets and
// read tens of thousands of frames a second: the WebSocket handshake and framing written out here
// (RFC 6455: the server's frames unmasked, the client's masked), engine.io v4's open, ping and
// message packets, Socket.IO's connect. Each server packet is handed over as the bytes of the frame
// it came in, undecoded: a driver looks up only what it needs in them. `ws` and a JSON.parse a copy
// cost the group phase's drivers 40–60 µs of CPU a copy, more than the gateways spent writing it.
import { randomBytes } from 'node:crypto';
import { connect as connectTcp } from 'node:net';
import { SOCKET_PATH } from '@chat/contracts';

const OPCODE_TEXT = 1;
const OPCODE_CLOSE = 8;
const OPCODE_PING = 9;
const OPCODE_PONG = 10;
const HEADER_END = Buffer.from('\r\n\r\n');
const EMPTY = Buffer.alloc(0);

/** A masked client frame of `opcode` carrying `payload`. */
function clientFrame(opcode, payload) {
  const length = payload.length;
  const lengthBytes = length < 126 ? 0 : length < 65_536 ? 2 : 8;
  const header = Buffer.alloc(2 + lengthBytes + 4);
  header[0] = 0x80 | opcode;
  if (lengthBytes === 0) header[1] = 0x80 | length;
  else if (lengthBytes === 2) {
    header[1] = 0x80 | 126;
    header.writeUInt16BE(length, 2);
  } else {
    header[1] = 0x80 | 127;
    header.writeBigUInt64BE(BigInt(length), 2);
  }
  const mask = randomBytes(4);
  mask.copy(header, 2 + lengthBytes);
  const masked = Buffer.from(payload);
  for (let i = 0; i < masked.length; i++) masked[i] ^= mask[i & 3];
  return Buffer.concat([header, masked]);
}

/**
 * Connects to `url`'s Socket.IO endpoint with `cookie`, sends `auth` in the connect packet, and
 * resolves once the namespace is joined to `{ emit(event, payload), close() }`. `onEvent(frame,
 * start, end)` gets every event packet (`42[...]`) after that: `frame[start..end)` is its text.
 */
export function connectSocketIo({ url, cookie, auth, onEvent }) {
  const { hostname, port } = new URL(url);
  const socket = connectTcp({ host: hostname, port: Number(port), noDelay: true });
  const send = (text) => socket.write(clientFrame(OPCODE_TEXT, Buffer.from(text)));
  const connection = {
    emit: (event, payload) => send(`42${JSON.stringify([event, payload])}`),
    close: () => socket.end(clientFrame(OPCODE_CLOSE, EMPTY)),
  };
  return new Promise((resolve, reject) => {
    let pending = EMPTY;
    let upgraded = false;
    let joined = false;
    const fail = (error) => {
      socket.destroy();
      reject(error);
    };
    /** One engine.io packet from the server. */
    const onPacket = (frame, start, end) => {
      const type = frame[start];
      if (type === 0x34 /* '4' message */ && frame[start + 1] === 0x32 /* '2' event */) {
        if (joined) onEvent(frame, start + 2, end);
      } else if (type === 0x32 /* '2' ping */) send('3');
      else if (type === 0x30 /* '0' open */) send(`40${JSON.stringify(auth)}`);
      else if (type === 0x34 && frame[start + 1] === 0x30 /* '0' connect */) {
        joined = true;
        resolve(connection);
      } else if (type === 0x34 && frame[start + 1] === 0x34 /* '4' connect error */)
        fail(new Error(`refused: ${frame.toString('utf8', start + 2, end)}`));
    };
    /** Reads every whole frame at the start of `data`; answers the bytes of a frame not whole yet. */
    const readFrames = (data) => {
      let at = 0;
      while (data.length - at >= 2) {
        const opcode = data[at] & 0x0f;
        let length = data[at + 1] & 0x7f;
        let headerLength = 2;
        if (length === 126) {
          if (data.length - at < 4) break;
          length = data.readUInt16BE(at + 2);
          headerLength = 4;
        } else if (length === 127) {
          if (data.length - at < 10) break;
          length = Number(data.readBigUInt64BE(at + 2));
          headerLength = 10;
        }
        const start = at + headerLength;
        if (data.length < start + length) break;
        if (opcode === OPCODE_TEXT) onPacket(data, start, start + length);
        else if (opcode === OPCODE_PING) socket.write(clientFrame(OPCODE_PONG, data.subarray(start, start + length)));
        else if (opcode === OPCODE_CLOSE) socket.end();
        at = start + length;
      }
      return at === data.length ? null : data.subarray(at);
    };
    socket.on('connect', () => {
      const key = randomBytes(16).toString('base64');
      socket.write(
        `GET ${SOCKET_PATH}/?EIO=4&transport=websocket HTTP/1.1\r\nHost: ${hostname}:${port}\r\nUpgrade: websocket\r\n` +
          `Connection: Upgrade\r\nSec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\nCookie: ${cookie}\r\n\r\n`,
      );
    });
    socket.on('data', (chunk) => {
      let data = pending.length > 0 ? Buffer.concat([pending, chunk]) : chunk;
      if (!upgraded) {
        const headerEnd = data.indexOf(HEADER_END);
        if (headerEnd < 0) {
          pending = data;
          return;
        }
        const status = data.toString('latin1', 0, data.indexOf('\r\n'));
        if (!/^HTTP\/1\.1 101 /.test(status)) return fail(new Error(`no WebSocket upgrade: ${status}`));
        upgraded = true;
        data = data.subarray(headerEnd + HEADER_END.length);
      }
      const rest = readFrames(data);
      // A partial frame is copied: the chunk it came in is not kept alive for it.
      pending = rest ? Buffer.from(rest) : EMPTY;
    });
    socket.on('error', fail);
  });
}

// The smoke test's TURN client: one relay allocated as a browser allocates it. Plain Node, no dependencies.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createSocket } from 'node:dgram';

/*
 * A TURN Allocate over UDP (RFC 8656), as a browser makes one: asked without credentials, answered
 * 401 with the realm and a nonce, asked again signed with the long-term key MD5(user:realm:password).
 */
const STUN_COOKIE = 0x2112a442;
const ATTRIBUTE = { lifetime: 0x000d, username: 0x0006, integrity: 0x0008, errorCode: 0x0009, realm: 0x0014, nonce: 0x0015, relayed: 0x0016, transport: 0x0019 };

function stunMessage(type, attributes, key) {
  const body = attributes.map(([kind, value]) => {
    const padded = Buffer.alloc(4 + Math.ceil(value.length / 4) * 4);
    padded.writeUInt16BE(kind, 0);
    padded.writeUInt16BE(value.length, 2);
    value.copy(padded, 4);
    return padded;
  });
  const header = Buffer.alloc(20);
  header.writeUInt16BE(type, 0);
  header.writeUInt32BE(STUN_COOKIE, 4);
  randomBytes(12).copy(header, 8);
  let message = Buffer.concat([header, ...body]);
  // MESSAGE-INTEGRITY covers the message with its length already counting the integrity attribute.
  message.writeUInt16BE(message.length - 20 + (key ? 24 : 0), 2);
  if (key) {
    const integrity = Buffer.alloc(24);
    integrity.writeUInt16BE(ATTRIBUTE.integrity, 0);
    integrity.writeUInt16BE(20, 2);
    createHmac('sha1', key).update(message).digest().copy(integrity, 4);
    message = Buffer.concat([message, integrity]);
  }
  return message;
}

function stunAttributes(message) {
  const attributes = new Map();
  for (let at = 20; at + 4 <= message.length; ) {
    const length = message.readUInt16BE(at + 2);
    attributes.set(message.readUInt16BE(at), message.subarray(at + 4, at + 4 + length));
    at += 4 + Math.ceil(length / 4) * 4;
  }
  return { type: message.readUInt16BE(0), attributes };
}

/** Asks over one UDP socket (a TURN allocation belongs to its client's address and port), an answer at a time. */
function stunClient(address) {
  const at = address.lastIndexOf(':');
  const [host, port] = [address.slice(0, at), Number(address.slice(at + 1))];
  const socket = createSocket('udp4');
  const ask = (message) =>
    new Promise((resolve, reject) => {
      const settle = (outcome) => {
        clearTimeout(timer);
        clearInterval(resend);
        socket.removeAllListeners('message').removeAllListeners('error');
        outcome();
      };
      // UDP: asked again every half second, as a browser does, until answered or 5 s have passed.
      const send = () => socket.send(message, port, host);
      const resend = setInterval(send, 500);
      const timer = setTimeout(() => settle(() => reject(new Error(`TURN ${address}: no answer within 5 s`))), 5000);
      // An answer to an earlier question (one asked again) is not this one's.
      const ours = message.subarray(8, 20);
      socket.on('message', (answer) => answer.subarray(8, 20).equals(ours) && settle(() => resolve(stunAttributes(answer))));
      socket.once('error', (error) => settle(() => reject(new Error(`TURN ${address}: ${error.message}`))));
      send();
    });
  return { ask, close: () => socket.close() };
}

/**
 * Resolves once `address` (host:port) grants a UDP relay to `username`/`credential`, then gives the
 * relay back (a refresh to lifetime 0); fails saying why not.
 */
export async function allocate(address, username, credential) {
  const turn = stunClient(address);
  try {
    const requestedTransport = [ATTRIBUTE.transport, Buffer.from([17, 0, 0, 0])];
    const challenge = await turn.ask(stunMessage(0x0003, [requestedTransport]));
    const [realm, nonce] = [challenge.attributes.get(ATTRIBUTE.realm), challenge.attributes.get(ATTRIBUTE.nonce)];
    if (!realm || !nonce) throw new Error(`TURN ${address}: expected a 401 challenge with a realm and a nonce`);
    const key = createHash('md5').update(`${username}:${realm}:${credential}`).digest();
    const signedBy = [[ATTRIBUTE.username, Buffer.from(username)], [ATTRIBUTE.realm, realm], [ATTRIBUTE.nonce, nonce]];
    const answer = await turn.ask(stunMessage(0x0003, [...signedBy, requestedTransport], key));
    if (answer.type !== 0x0103 || !answer.attributes.has(ATTRIBUTE.relayed)) {
      const error = answer.attributes.get(ATTRIBUTE.errorCode);
      throw new Error(`TURN ${address} refused the allocation: ${error ? `${error[2] * 100 + error[3]} ${error.subarray(4)}` : `type ${answer.type}`}`);
    }
    await turn.ask(stunMessage(0x0004, [...signedBy, [ATTRIBUTE.lifetime, Buffer.alloc(4)]], key));
  } finally {
    turn.close();
  }
}

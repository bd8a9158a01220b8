// `helm test`, and the compose stack's smoke test: every Service answers its readiness check, then
// two people use Chat.io as the web app does. They sign up and log in, each opens a socket and
// sees the other come online, they exchange a text and a picture (delivered live, the picture
// served), and both messages are in the history. Plain Node 22 (fetch, WebSocket), no
// dependencies: it runs in the auth image. Each address comes from the environment; in embedded
// mode all of them are the one server.
//   AUTH_URL MESSAGES_URL GATEWAY_URL WEB_URL   e.g. http://chat-chat-auth:8080
//   API_URL           where /api and /socket.io are served (the Ingress or edge), when there is one;
//                     with it, the Services' own addresses may be left out (then not checked)
//   RESTART_GATEWAYS  optional: a shell command that restarts the gateways under the open sockets;
//                     each socket that drops must come back, and nothing sent meanwhile is lost
//   TURN_ADDRESS      optional host:port of the TURN server, where the address browsers are given
//                     does not resolve from here (a test pod); when auth hands out a TURN server, a
//                     relay is allocated on it with the credential auth issued (coturn shares its secret)
import { spawn } from 'node:child_process';
import { allocate } from './turn-allocate.mjs';

const env = (name, fallback) => process.env[name] ?? fallback ?? fail(`${name} is not set`);
function fail(message) {
  throw new Error(message);
}
const ok = (what) => console.log(`ok  ${what}`);
const SECONDS = 30;

async function check(what, response, status) {
  if (response.status !== status) fail(`${what}: expected ${status}, got ${response.status} ${await response.text()}`);
  ok(what);
  return response;
}

/** Asks again while the answer is `retryOn` (a state still settling), for up to `seconds`. */
async function settled(ask, retryOn, seconds = SECONDS) {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const response = await ask();
    if (response.status !== retryOn || Date.now() > deadline) return response;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Resolves when `holds()` is true, checked on every change `subscribe` reports; fails naming `what` after `seconds`. */
function until(what, holds, subscribe, seconds = SECONDS) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`waited ${seconds} s for ${what}`)), seconds * 1000);
    const test = () => {
      if (!holds()) return;
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const unsubscribe = subscribe(test);
    test();
  });
}

const cookieOf = (response) => (response.headers.get('set-cookie') ?? '').split(';')[0];
const json = (body, cookie) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
  body: JSON.stringify(body),
});

/**
 * One person's Socket.IO connection as the web app holds it: Engine.IO 4 over a WebSocket (the
 * session cookie in the handshake), pings answered, `newMessage` acknowledged (that is delivery),
 * and, when the server goes away, a new connection until it is back.
 */
class PersonSocket {
  events = [];
  drops = 0;
  connected = false;
  #listeners = new Set();
  #closed = false;

  constructor(url, cookie, userId, auth) {
    Object.assign(this, { url: `${url.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket&userId=${userId}`, cookie, auth });
  }

  async open() {
    this.#connect();
    await until('the socket to connect', () => this.connected || this.refused, (listener) => this.#on(listener));
    if (this.refused) fail(`the socket was refused: ${this.refused}`);
  }

  #connect() {
    const socket = new WebSocket(this.url, { headers: { cookie: this.cookie } });
    socket.onmessage = ({ data }) => this.#receive(socket, String(data));
    // A refused upgrade (502 while the gateways restart) reports only an error on some Node versions.
    let ended = false;
    socket.onclose = socket.onerror = () => {
      if (ended) return;
      ended = true;
      if (this.connected) this.drops += 1;
      this.#set({ connected: false });
      if (!this.#closed) setTimeout(() => this.#connect(), 500);
    };
    this.socket = socket;
  }

  #receive(socket, packet) {
    if (packet === '2') return socket.send('3');
    if (packet.startsWith('0')) return socket.send(`40${JSON.stringify(this.auth)}`);
    if (packet.startsWith('40')) return this.#set({ connected: true });
    if (packet.startsWith('44')) {
      this.#set({ refused: JSON.parse(packet.slice(2)).message });
      return socket.close();
    }
    const event = /^42(\d*)(\[.*)$/s.exec(packet);
    if (!event) return;
    const [name, ...args] = JSON.parse(event[2]);
    if (event[1]) socket.send(`43${event[1]}[]`);
    this.events.push({ name, args });
    this.#set({});
  }

  #set(state) {
    Object.assign(this, state);
    for (const listener of this.#listeners) listener();
  }

  #on(listener) {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Resolves with the first event named `name` whose first argument satisfies `matches`. */
  async received(what, name, matches) {
    const find = () => this.events.find((event) => event.name === name && matches(event.args[0]));
    await until(what, () => find() !== undefined, (listener) => this.#on(listener));
    return find().args[0];
  }

  waitFor(what, holds) {
    return until(what, () => holds(this), (listener) => this.#on(listener), 90);
  }

  close() {
    this.#closed = true;
    this.socket.close();
  }
}

// A 16 × 12 PNG: a picture the media pipeline takes (it reads, strips and stores it).
const PICTURE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAABAAAAAMCAIAAADkharWAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAGElEQVQokWOQ6zlBEmIY1dAzGkpy2MIAAEZuFZDcUzkbAAAAAElFTkSuQmCC';

/** Each Service given answers its readiness check; all four are needed when there is no API_URL. */
async function readiness() {
  for (const [name, path] of [['AUTH_URL', '/readyz'], ['MESSAGES_URL', '/readyz'], ['GATEWAY_URL', '/readyz'], ['WEB_URL', '/']]) {
    if (process.env.API_URL && !process.env[name]) continue;
    const url = env(name) + path;
    const response = await fetch(url).catch((error) => fail(`${name} ${url}: ${error.cause?.code ?? error.message}`));
    await check(`${name} ${path}`, response, 200);
  }
}

/** Alice and Bob, signed up and logged in: `{ id, cookie, email }` each. */
async function twoPeople(authUrl, run) {
  const people = [];
  for (const name of ['alice', 'bob']) {
    const person = { fullName: `Smoke Test ${name}`, email: `helm-test-${name}-${run}@example.com`, password: `pw-${run}` };
    await check(`signup ${person.email}`, await fetch(`${authUrl}/api/auth/signup`, json(person)), 201);
    const login = await check(`login ${name}`, await fetch(`${authUrl}/api/auth/login`, json(person)), 200);
    people.push({ id: (await login.json())._id, cookie: cookieOf(login), email: person.email });
  }
  return people;
}

/** Restarts the gateways under both sockets; a text sent while they are down and one after are both delivered. */
async function restartGateways(command, { alice, bob, send, run }) {
  const sockets = [alice.socket, bob.socket];
  const restart = spawn('sh', ['-c', command], { stdio: ['ignore', 'ignore', 'inherit'] });
  const restarted = new Promise((resolve, reject) =>
    restart.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`RESTART_GATEWAYS exited with ${code}`)))),
  );
  await bob.socket.waitFor("Bob's socket to drop as its gateway stops", (socket) => socket.drops > 0);
  const whileDown = await send(`while the gateway restarts ${run}`);
  await restarted;
  for (const socket of sockets) await socket.waitFor('the socket to come back after the restart', (s) => s.connected);
  ok(`the gateways restarted; the sockets dropped ${sockets.map((socket) => socket.drops).join(' and ')} times and came back`);
  const after = await send(`after the restart ${run}`);
  await bob.socket.received('the text sent after the restart, live', 'newMessage', (message) => message._id === after._id);
  ok('a text sent after the restart arrives live');
  return [whileDown, after];
}

async function allocateRelay(authUrl, person) {
  const response = await check('the ICE servers of a call', await fetch(`${authUrl}/api/auth/ice-servers`, { headers: { cookie: person.cookie } }), 200);
  const turn = (await response.json()).iceServers.find((server) => server.credential);
  const url = turn?.urls.find((uri) => /^turn:[^?]+(\?transport=udp)?$/.test(uri));
  if (!url) return ok('no TURN server is configured: calls connect directly');
  const address = process.env.TURN_ADDRESS ?? url.replace(/^turn:/, '').replace(/\?.*$/, '');
  await allocate(address, turn.username, turn.credential);
  ok('a TURN relay is allocated with the credential auth issued');
}

async function smokeTest() {
  await readiness();
  const authUrl = env('API_URL', process.env.AUTH_URL);
  const messagesUrl = env('API_URL', process.env.MESSAGES_URL);
  const socketUrl = env('API_URL', process.env.GATEWAY_URL);
  const run = `${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
  const [alice, bob] = await twoPeople(authUrl, run);
  await allocateRelay(authUrl, alice);

  alice.socket = new PersonSocket(socketUrl, alice.cookie, alice.id, { watchPresence: [bob.id] });
  await alice.socket.open();
  bob.socket = new PersonSocket(socketUrl, bob.cookie, bob.id, { watchPresence: [alice.id] });
  await bob.socket.open();
  ok('both sockets connected');
  await alice.socket.received('Bob to come online for Alice', 'onlineUsersChanged', (change) => change.online.includes(bob.id));
  ok('Alice sees Bob online');

  // The messages service learns of a new user from an event: until then the receiver is unknown (404).
  const sendAs = (from, to) => async (body) =>
    (await check('send', await settled(() => fetch(`${messagesUrl}/api/messages/send/${to.id}`, json(body, from.cookie)), 404), 201)).json();
  const send = (text) => sendAs(alice, bob)({ text });
  const text = await send(`hello from helm test ${run}`);
  await bob.socket.received('the text, live on Bob’s socket', 'newMessage', (message) => message._id === text._id);
  ok('Bob receives the text');
  await alice.socket.received('Bob’s delivery receipt', 'messagesDelivered', (receipt) => BigInt(receipt.upTo) >= BigInt(text._id));
  ok('Alice sees it delivered');
  const picture = await sendAs(bob, alice)({ image: PICTURE });
  await alice.socket.received('the picture, live on Alice’s socket', 'newMessage', (message) => message._id === picture._id);
  const served = await check('the picture is served', await fetch(new URL(picture.image, messagesUrl), { headers: { cookie: alice.cookie } }), 200);
  if (!served.headers.get('content-type')?.startsWith('image/')) fail(`the picture is served as ${served.headers.get('content-type')}`);

  const sent = [text, picture];
  if (process.env.RESTART_GATEWAYS) sent.push(...(await restartGateways(process.env.RESTART_GATEWAYS, { alice, bob, send, run })));
  const history = await check('history', await fetch(`${messagesUrl}/api/messages/${alice.id}?limit=100`, { headers: { cookie: bob.cookie } }), 200);
  const stored = new Set((await history.json()).map((message) => message._id));
  const lost = sent.filter((message) => !stored.has(message._id));
  if (lost.length > 0) fail(`not in the history: ${lost.map((message) => message.text ?? 'the picture').join(', ')}`);
  alice.socket.close();
  bob.socket.close();
  ok(`the history holds all ${sent.length} messages: nothing lost`);
  console.log(`sent ${text.text}`);
}

await smokeTest();

import { Agent, request, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { eventually, listenOnFreePort, withDeadline } from '#test-support';
import { createHttpServer } from '../src/server.js';

/** One GET on a keep-alive connection, answered with its status and Connection header. */
const get = (url: string, agent: Agent) =>
  new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
    request(url, { agent }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, connection: response.headers.connection }));
    })
      .on('error', reject)
      .end();
  });

/** A request the test holds open: `arrived` marks it received, `release` lets it be answered. */
function heldRequest() {
  let arrived!: () => void;
  let release!: () => void;
  const inFlight = new Promise<void>((resolve) => (arrived = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  return { arrived, inFlight, release, released };
}

describe('closing the HTTP server', () => {
  it('answers a request in flight with Connection: close and then closes, without waiting out the keep-alive', async () => {
    const app = await createHttpServer({ logLevel: 'silent' });
    const { arrived, inFlight, release, released } = heldRequest();
    app.get('/slow', async () => {
      arrived();
      await released;
      return { done: true };
    });
    const baseUrl = await listenOnFreePort(app);
    const agent = new Agent({ keepAlive: true });

    const answer = get(`${baseUrl}/slow`, agent);
    await inFlight;
    const closed = app.close();
    await eventually(() => !app.server.listening, 'the server to stop taking connections');
    release();

    expect(await answer).toEqual({ status: 200, connection: 'close' });
    // Fastify keeps an idle connection for 72 s: a close that waited on it would miss this deadline.
    await withDeadline(closed, 10_000, 'the server to finish closing');
    agent.destroy();
  });

  it('ends a connection whose last answer was written outside the routes once it is idle', async () => {
    const app = await createHttpServer({ logLevel: 'silent' });
    const { arrived, inFlight, release, released } = heldRequest();
    // As Socket.IO answers its long polls: on the raw server, in front of Fastify's own handler.
    const [fastifyHandler] = app.server.listeners('request') as ((...args: unknown[]) => void)[];
    app.server.removeAllListeners('request');
    app.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      if (req.url !== '/raw-poll') return fastifyHandler!.call(app.server, req, res);
      arrived();
      void released.then(() => res.end('ok'));
    });
    const baseUrl = await listenOnFreePort(app);
    const agent = new Agent({ keepAlive: true });

    const answer = get(`${baseUrl}/raw-poll`, agent);
    await inFlight;
    const closed = app.close();
    await eventually(() => !app.server.listening, 'the server to stop taking connections');
    release();

    expect((await answer).status).toBe(200);
    await withDeadline(closed, 10_000, 'the server to finish closing');
    agent.destroy();
  });

  it('cuts a request that does not finish once the drain limit has passed', async () => {
    const app = await createHttpServer({ logLevel: 'silent', drainLimitMs: 300 });
    const { arrived, inFlight } = heldRequest();
    app.get('/stuck', async () => {
      arrived();
      await new Promise(() => undefined);
    });
    const baseUrl = await listenOnFreePort(app);
    const agent = new Agent({ keepAlive: true });

    const answer = get(`${baseUrl}/stuck`, agent).then(
      () => 'answered',
      (error: NodeJS.ErrnoException) => error.code,
    );
    await inFlight;
    await withDeadline(app.close(), 10_000, 'the server to finish closing despite the stuck request');
    expect(await answer).toBe('ECONNRESET');
    agent.destroy();
  });
});

/**
 * A client that sends `head`, then one byte of `body` every `everyMs` until the server ends the
 * connection: what the server wrote back, and whether the body had all gone by then.
 */
async function trickle(url: string, head: string, body: string, everyMs: number) {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  let answer = '';
  socket.setEncoding('utf8').on('data', (chunk: string) => (answer += chunk));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => undefined);
  socket.write(head);
  let sent = 0;
  const dripping = setInterval(() => {
    if (sent < body.length && !socket.destroyed) socket.write(body[sent++]!);
  }, everyMs);
  await withDeadline(closed, 20_000, 'the server to end the trickled connection');
  clearInterval(dripping);
  return { answer, allSent: sent === body.length };
}

describe('a request trickled in', () => {
  const timeouts = { requestMs: 60_000, headersMs: 1_000, bodyPerMiBMs: 1_000 };

  it('is answered 408 {message} and closed once its body is past its time, whatever the route', async () => {
    const app = await createHttpServer({ logLevel: 'silent', timeouts });
    app.post('/login', async (request) => ({ got: request.body }));
    try {
      const body = JSON.stringify({ email: 'ann@example.com', password: 'secret123' });
      const head = `POST /login HTTP/1.1\r\nHost: chat\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
      const { answer, allSent } = await trickle(await listenOnFreePort(app), head, body, 100);
      expect(allSent, 'cut before the whole body came').toBe(false);
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(answer).toMatch(/connection: close/i);
      expect(answer).toContain('{"message":"The request took too long to arrive"}');
    } finally {
      await app.close();
    }
  });

  it('is answered 408 and closed when its headers never end', async () => {
    const app = await createHttpServer({ logLevel: 'silent', timeouts });
    try {
      const { answer } = await trickle(await listenOnFreePort(app), 'GET / HTTP/1.1\r\n', 'X-Slow: ' + 'x'.repeat(200), 100);
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    } finally {
      await app.close();
    }
  });

  it('answers a body that arrives in time as usual', async () => {
    const app = await createHttpServer({ logLevel: 'silent', timeouts: { ...timeouts, bodyPerMiBMs: 10_000 } });
    app.post('/login', async (request) => ({ got: request.body }));
    try {
      const body = '{"a":1}';
      const head = `POST /login HTTP/1.1\r\nHost: chat\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`;
      const { answer } = await trickle(await listenOnFreePort(app), head, body, 20);
      expect(answer).toMatch(/^HTTP\/1\.1 200 /);
      expect(answer).toContain('{"got":{"a":1}}');
    } finally {
      await app.close();
    }
  });
});

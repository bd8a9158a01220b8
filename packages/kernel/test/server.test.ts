import { Agent, request, type IncomingMessage, type ServerResponse } from 'node:http';
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

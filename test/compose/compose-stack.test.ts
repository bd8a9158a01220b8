import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unusedPort } from '../support/listen.js';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SCRIPTS = join(ROOT, 'helm/chat/files');
const SCRIPT = join(SCRIPTS, 'smoke-test.mjs');
const PROJECT = 'chat-io-smoke';
const HEALTHY_SECONDS = 180;

/** `make up` as a person runs it, on a project, port and .env of this run's own. */
const stack = { env: {} as NodeJS.ProcessEnv, edge: '', envDir: '' };
const docker = async (...args: string[]) => (await run('docker', args, { env: stack.env, maxBuffer: 16 << 20 })).stdout.trim();
const make = (action: 'up' | 'down') => run('scripts/docker.sh', [action], { cwd: ROOT, env: stack.env, maxBuffer: 16 << 20 });
const container = (service: string) =>
  docker('ps', '-q', '--filter', `label=com.docker.compose.project=${PROJECT}`, '--filter', `label=com.docker.compose.service=${service}`);

/** Every container of the stack with a health check says healthy (the edge starts only once the rest are). */
async function untilHealthy(): Promise<void> {
  const deadline = Date.now() + HEALTHY_SECONDS * 1000;
  for (;;) {
    const statuses = await docker('ps', '--filter', `label=com.docker.compose.project=${PROJECT}`, '--format', '{{.Names}} {{.Status}}');
    const waiting = statuses.split('\n').filter((line) => /health: starting|unhealthy/.test(line));
    if (waiting.length === 0 && (await container('edge')) !== '') return;
    if (Date.now() > deadline) throw new Error(`waited ${HEALTHY_SECONDS} s for the stack to be healthy: ${waiting.join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** The project's containers and its named volumes (`make down` keeps those, as it should for a person). */
async function removeProject(): Promise<void> {
  await make('down').catch(() => undefined);
  const containers = await docker('ps', '-aq', '--filter', `label=com.docker.compose.project=${PROJECT}`);
  if (containers) await docker('rm', '-f', ...containers.split('\n'));
  const volumes = await docker('volume', 'ls', '-q', '--filter', `label=com.docker.compose.project=${PROJECT}`);
  if (volumes) await docker('volume', 'rm', ...volumes.split('\n'));
}

async function up(): Promise<void> {
  await make('up');
  await untilHealthy();
}

beforeAll(async () => {
  stack.envDir = await mkdtemp(join(tmpdir(), 'chat-compose-'));
  const port = await unusedPort();
  stack.edge = `http://127.0.0.1:${port}`;
  stack.env = {
    ...process.env,
    COMPOSE_PROJECT_NAME: PROJECT,
    COMPOSE_ENV_FILE: join(stack.envDir, '.env'),
    CHAT_PORT: `127.0.0.1:${port}`,
    CHAT_TURN_PORT: String(await unusedPort()),
  };
  // A run stopped halfway leaves its containers and volumes behind: its database, made with that
  // run's passwords, would refuse this one's services.
  await removeProject();
  await up();
});

afterAll(async () => {
  await removeProject();
  await rm(stack.envDir, { recursive: true, force: true });
});

/** The smoke script's lines (`ok  …`), and the run id it made its people with. */
function outcome(stdout: string) {
  const lines = stdout.trim().split('\n');
  return { lines, run: /^sent hello from helm test (\S+)$/m.exec(stdout)?.[1] ?? '' };
}

const firstRun = { run: '' };

describe('the compose stack (make up), driven through the edge like a person', () => {
  it('signs two people up; presence, a text and a picture arrive live; both gateways restart under the open sockets and nothing is lost', async () => {
    const gateways = [await container('gateway-1'), await container('gateway-2')];
    // Node 20 has WebSocket behind a flag; the images' Node 22 has it on.
    const flags = typeof WebSocket === 'undefined' ? ['--experimental-websocket'] : [];
    const { stdout } = await run(process.execPath, [...flags, SCRIPT], {
      env: {
        PATH: process.env.PATH,
        DOCKER_HOST: process.env.DOCKER_HOST,
        API_URL: stack.edge,
        RESTART_GATEWAYS: `docker restart ${gateways.join(' ')}`,
      },
      timeout: 200_000,
    });
    const { lines, run: smokeRun } = outcome(stdout);
    firstRun.run = smokeRun;
    expect(lines).toEqual(
      expect.arrayContaining([
        'ok  a TURN relay is allocated with the credential auth issued',
        'ok  Alice sees Bob online',
        'ok  Bob receives the text',
        'ok  Alice sees it delivered',
        'ok  the picture is served',
        'ok  a text sent after the restart arrives live',
        'ok  the history holds all 4 messages: nothing lost',
      ]),
    );
    expect(lines.find((line) => line.startsWith('ok  the gateways restarted'))).toMatch(
      /dropped [1-9]\d* and [1-9]\d* times and came back$/,
    );
  });

  it('passes in the auth container as `helm test` runs it, every service answering its readiness check', async () => {
    // The scripts go into the container's /tmp (its only writable place), as the chart mounts them.
    const { stdout } = await run(
      'sh',
      [
        '-c',
        `tar -c -C "$1" smoke-test.mjs turn-allocate.mjs | docker exec -i "$0" sh -c 'mkdir -p /tmp/smoke && tar -x -C /tmp/smoke' &&
        docker exec -e AUTH_URL=http://auth:8080 -e MESSAGES_URL=http://messages:8080 -e GATEWAY_URL=http://gateway-1:8080 \
        -e WEB_URL=http://web:8080 -e API_URL=http://edge:8080 -e TURN_ADDRESS=coturn:3478 "$0" node /tmp/smoke/smoke-test.mjs`,
        await container('auth'),
        SCRIPTS,
      ],
      { env: stack.env, timeout: 120_000 },
    );
    const { lines } = outcome(stdout);
    expect(lines).toEqual(
      expect.arrayContaining([
        'ok  AUTH_URL /readyz',
        'ok  MESSAGES_URL /readyz',
        'ok  GATEWAY_URL /readyz',
        'ok  WEB_URL /',
        'ok  a TURN relay is allocated with the credential auth issued',
      ]),
    );
    expect(lines).toContain('ok  the history holds all 2 messages: nothing lost');
  });

  it('runs our containers as the chart does: a non-root user on a read-only root filesystem, /tmp writable', async () => {
    const ours = ['auth', 'messages', 'gateway-1', 'gateway-2', 'web', 'edge', 'coturn'];
    const userOf = (service: string) => (/web|edge/.test(service) ? '101' : service === 'coturn' ? '3478:3478' : 'node');
    const seen: string[] = [];
    for (const service of ours) {
      const id = await container(service);
      const [user, readOnly] = (await docker('inspect', '--format', '{{.Config.User}} {{.HostConfig.ReadonlyRootfs}}', id)).split(' ');
      const write = (path: string) =>
        docker('exec', id, 'sh', '-c', `touch ${path} && echo written`).catch((error: { stderr: string }) => error.stderr.trim());
      seen.push(`${service}: ${user} ${readOnly}, / ${await write('/probe')}, /tmp ${await write('/tmp/probe')}`);
    }
    expect(seen).toEqual(
      ours.map((service) => `${service}: ${userOf(service)} true, / touch: cannot touch '/probe': Read-only file system, /tmp written`),
    );
  });

  it('keeps the history across make down and make up (named volumes), pictures included', async () => {
    await make('down');
    await up();
    const { run: smokeRun } = firstRun;
    expect(smokeRun, 'the people the first test signed up').not.toBe('');
    const alice = await logIn(`helm-test-alice-${smokeRun}@example.com`, `pw-${smokeRun}`);
    const bob = await logIn(`helm-test-bob-${smokeRun}@example.com`, `pw-${smokeRun}`);
    const history = (await (await fetch(`${stack.edge}/api/messages/${alice.id}`, { headers: { cookie: bob.cookie } })).json()) as {
      text: string | null;
      image: string | null;
    }[];
    expect(history.map((message) => message.text)).toEqual([
      `hello from helm test ${smokeRun}`,
      null,
      `while the gateway restarts ${smokeRun}`,
      `after the restart ${smokeRun}`,
    ]);
    const picture = await fetch(new URL(history[1]?.image ?? '', stack.edge), { headers: { cookie: bob.cookie } });
    expect([picture.status, picture.headers.get('content-type')]).toEqual([200, 'image/png']);
  });
});

async function logIn(email: string, password: string): Promise<{ id: string; cookie: string }> {
  const response = await fetch(`${stack.edge}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status).toBe(200);
  return { id: ((await response.json()) as { _id: string })._id, cookie: (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '' };
}

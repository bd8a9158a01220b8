import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DOCKER_DIR = `${ROOT}deploy/docker/`;
const dockerfiles = (await readdir(DOCKER_DIR)).filter((name) => name.endsWith('.Dockerfile'));

/** The Dockerfile's stages: each FROM and the instructions under it. */
function stages(text: string) {
  const lines = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const result: { from: string; instructions: string[] }[] = [];
  for (const line of lines) {
    const [instruction, ...rest] = line.split(/\s+/);
    if (instruction === 'FROM') result.push({ from: rest[0]!, instructions: [] });
    else result.at(-1)?.instructions.push(line);
  }
  return result;
}

describe.each(dockerfiles)('deploy/docker/%s', (name) => {
  it('pins every base image to a version, never latest', async () => {
    for (const { from } of stages(await readFile(DOCKER_DIR + name, 'utf8'))) {
      expect(from).toMatch(/:[^:]*\d/);
      expect(from).not.toMatch(/:latest$/);
    }
  });

  it('runs as a non-root user with a health check in its final stage', async () => {
    const final = stages(await readFile(DOCKER_DIR + name, 'utf8')).at(-1)!;
    const user = final.instructions.filter((i) => i.startsWith('USER ')).at(-1);
    expect(user).toBeDefined();
    expect(user).not.toMatch(/^USER\s+(root|0)(:|$)/);
    expect(final.instructions.some((i) => i.startsWith('HEALTHCHECK '))).toBe(true);
    expect(final.instructions.some((i) => i.startsWith('EXPOSE '))).toBe(true);
  });

  it('installs only runtime packages in the image that ships', async () => {
    const all = stages(await readFile(DOCKER_DIR + name, 'utf8'));
    const final = all.at(-1)!;
    const installs = final.instructions.filter((i) => /npm (ci|install)/.test(i));
    for (const install of installs) expect(install).toMatch(/npm ci --omit=dev/);
    if (final.from.startsWith('node:')) {
      expect(all.length).toBeGreaterThanOrEqual(2);
      expect(final.from).toMatch(/^node:(22|24)\./);
    }
  });
});

interface LockEntry {
  name?: string;
  link?: boolean;
  resolved?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

const lock = JSON.parse(await readFile(`${ROOT}package-lock.json`, 'utf8')) as { packages: Record<string, LockEntry> };

/** Where npm finds `name` from the package at `from`: its own node_modules, then each parent's. */
function locate(name: string, from: string): string | undefined {
  for (let dir = from; ; dir = dir.replace(/\/?node_modules\/(@[^/]+\/)?[^/]+$/, '')) {
    const candidate = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
    if (!dir.includes('node_modules')) return dir ? locate(name, '') : undefined;
  }
}

/** Every package `npm ci --omit=dev --workspace <workspace>` installs for it, from the lockfile. */
function runtimeClosure(workspace: string): Set<string> {
  const seen = new Set<string>();
  const visit = (path: string) => {
    const entry = lock.packages[path]!;
    if (entry.link) return visit(entry.resolved!);
    if (seen.has(path)) return;
    seen.add(path);
    // npm keeps an optional peer too when the lockfile has it (another workspace installs it).
    const required = { ...entry.dependencies, ...entry.optionalDependencies, ...entry.peerDependencies };
    for (const name of Object.keys(required)) {
      const found = locate(name, path);
      if (found) visit(found);
    }
  };
  visit(workspace);
  return new Set([...seen].map((path) => lock.packages[path]!.name ?? path.replace(/^.*node_modules\//, '')));
}

const SERVICE_IMAGES = ['auth', 'messages', 'gateway'];

describe.each(SERVICE_IMAGES)('the %s image', (service) => {
  const workspaces = [...runtimeClosure(`services/${service}`)].filter((name) => name.startsWith('@chat/')).sort();

  it('ships and installs exactly the libraries the service imports', async () => {
    const text = await readFile(`${DOCKER_DIR}${service}.Dockerfile`, 'utf8');
    const install = stages(text)
      .at(-1)!
      .instructions.find((i) => i.startsWith('RUN npm ci'))!;
    expect([...install.matchAll(/--workspace (\S+)/g)].map((m) => m[1]).sort()).toEqual(workspaces);
    const shipped = [...text.matchAll(/COPY --from=build \/app\/(\S+)\/dist/g)].map((m) => m[1]!);
    expect(shipped.map((dir) => `@chat/${dir.split('/')[1]}`).sort()).toEqual(workspaces);
  });
});

describe('the gateway image', () => {
  it('installs no image processing, no database driver and no object store client', () => {
    const installed = runtimeClosure('services/gateway');
    for (const heavy of ['sharp', '@electric-sql/pglite', 'pg', 'minio', '@chat/database', '@chat/media', '@chat/blobs']) {
      expect(installed, heavy).not.toContain(heavy);
    }
    expect(installed).toContain('socket.io');
    expect(installed).toContain('@nats-io/transport-node');
  });

  it('is what the auth and messages images install the Postgres driver for, not PGlite', () => {
    for (const service of ['auth', 'messages']) {
      const installed = runtimeClosure(`services/${service}`);
      expect(installed, service).toContain('pg');
      expect(installed, service).not.toContain('@electric-sql/pglite');
    }
  });
});

describe('docker-compose.yml', () => {
  const SECRETS = ['JWT_SECRET', 'POSTGRES_PASSWORD', 'MINIO_ROOT_PASSWORD', 'MINIO_APP_PASSWORD', 'TURN_SECRET'];
  const env = { ...process.env, ...Object.fromEntries(SECRETS.map((name) => [name, `${name.toLowerCase()}-`.padEnd(48, 'x')])) };

  // docker-compose takes seconds to start: the file is rendered (and so validated) once for the tests that read it.
  let rendered: Promise<{ stdout: string }> | undefined;
  const render = () => (rendered ??= run('docker-compose', ['config'], { cwd: ROOT, env }));

  it('is valid for docker-compose', async () => {
    await expect(render()).resolves.toBeDefined();
  });

  it.each(SECRETS)('refuses to start without %s (no default password), saying where to set it', async (name) => {
    const { [name]: _unset, ...without } = env;
    const failure = await run('docker-compose', ['config', '-q'], { cwd: ROOT, env: without }).then(
      () => '',
      (error: { stderr: string }) => error.stderr,
    );
    expect(failure).toContain(`set ${name} in .env (make up creates one)`);
  });

  it('gives the services a MinIO user of their own, never the root user', async () => {
    const { stdout } = await render();
    const { services } = parse(stdout) as { services: Record<string, { environment?: Record<string, string> }> };
    expect(services.minio!.environment!.MINIO_ROOT_USER).toBe('chat-root');
    for (const name of ['auth', 'messages']) {
      expect(services[name]!.environment, name).toMatchObject({ S3_ACCESS_KEY: 'chat-app', S3_SECRET_KEY: env.MINIO_APP_PASSWORD });
    }
  });

  it('runs every part, health-gated, with named volumes, one port on the edge and coturn’s TURN port', async () => {
    const { stdout } = await render();
    const compose = parse(stdout) as {
      services: Record<
        string,
        { image?: string; ports?: unknown[]; depends_on?: Record<string, { condition: string }>; healthcheck?: unknown; command?: string[] }
      >;
      volumes: Record<string, unknown>;
    };
    const names = Object.keys(compose.services).sort();
    expect(names).toEqual([
      'auth',
      'coturn',
      'edge',
      'gateway-1',
      'gateway-2',
      'messages',
      'minio',
      'minio-init',
      'nats',
      'postgres',
      'redis',
      'web',
    ]);
    for (const [name, service] of Object.entries(compose.services)) {
      expect(service.image, name).toMatch(/:[^:]*\d/);
      for (const [dependency, { condition }] of Object.entries(service.depends_on ?? {})) {
        expect(condition, `${name} -> ${dependency}`).toBe(
          dependency === 'minio-init' ? 'service_completed_successfully' : 'service_healthy',
        );
      }
      if (['postgres', 'nats', 'redis', 'minio'].includes(name)) expect(service.healthcheck, name).toBeDefined();
      if (name !== 'edge' && name !== 'coturn') expect(service.ports, name).toBeUndefined();
    }
    expect(compose.services.nats!.command).toContain('-js');
    expect(compose.services.coturn!.ports, 'TURN over UDP and TCP; relays stay inside (both people relayed here)').toHaveLength(2);
    // coturn relays to itself alone of the private addresses: never to the stack's servers.
    expect(compose.services.coturn!.command).toEqual(
      expect.arrayContaining([
        '--relay-ip=172.28.0.11',
        '--allowed-peer-ip=172.28.0.11',
        '--denied-peer-ip=172.16.0.0-172.31.255.255',
        '--denied-peer-ip=127.0.0.0-127.255.255.255',
        '--user-quota=12',
      ]),
    );
    expect(Object.keys(compose.services.edge!.depends_on!).sort()).toEqual(['auth', 'gateway-1', 'gateway-2', 'messages', 'web']);
    expect(Object.keys(compose.volumes).sort()).toEqual(['miniodata', 'natsdata', 'pgdata']);
  });

  it('has every service believe X-Forwarded-For from the edge’s address only', async () => {
    const { stdout } = await render();
    const { services } = parse(stdout) as {
      services: Record<string, { environment?: Record<string, string>; networks?: Record<string, { ipv4_address?: string } | null> }>;
    };
    const edgeAddress = services.edge!.networks!.default!.ipv4_address;
    expect(edgeAddress).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    for (const name of ['auth', 'messages', 'gateway-1', 'gateway-2'])
      expect(services[name]!.environment!.TRUST_PROXY, name).toBe(edgeAddress);
  });
});

describe('the edge image', () => {
  /** The edge config as the nginx image writes it at start: the template filled from its environment. */
  async function renderedEdgeConfig(): Promise<string> {
    const dockerfile = await readFile(`${DOCKER_DIR}edge.Dockerfile`, 'utf8');
    const env: Record<string, string> = {};
    for (const line of dockerfile.split('\n').filter((l) => l.startsWith('ENV '))) {
      for (const [, name, quoted, bare] of line.matchAll(/(\w+)=(?:"([^"]*)"|(\S+))/g)) env[name!] = quoted ?? bare!;
    }
    const secrets = Object.fromEntries(
      ['JWT_SECRET', 'POSTGRES_PASSWORD', 'MINIO_ROOT_PASSWORD', 'MINIO_APP_PASSWORD', 'TURN_SECRET'].map((name) => [name, 'x'.repeat(48)]),
    );
    const { stdout } = await run('docker-compose', ['config'], { cwd: ROOT, env: { ...process.env, ...secrets } });
    Object.assign(env, (parse(stdout) as { services: { edge: { environment: Record<string, string> } } }).services.edge.environment);
    const template = await readFile(`${ROOT}deploy/nginx/templates/edge.conf.template`, 'utf8');
    const directives = template
      .split('\n')
      .filter((line) => !line.trim().startsWith('#'))
      .join('\n');
    return directives.replace(/\$\{([A-Z0-9_]+)\}/g, (match, name: string) => env[name] ?? match);
  }

  it('resolves the containers’ names again while running, so a recreated container is reached at its new address', async () => {
    const config = await renderedEdgeConfig();
    expect(config).not.toMatch(/\$\{[A-Z0-9_]+\}/);
    expect(config).toMatch(/^resolver 127\.0\.0\.11 valid=5s/m);
    const upstreams = [...config.matchAll(/upstream (\w+) \{([^}]*)\}/g)];
    expect(upstreams.map(([, name]) => name)).toEqual(['chat_auth', 'chat_messages', 'chat_gateway', 'chat_web']);
    for (const [, name, body] of upstreams) {
      expect(body, name).toMatch(/zone \w+ \d+k;/);
      const servers = body!.split('\n').filter((line) => line.trim().startsWith('server '));
      expect(servers.length, name).toBeGreaterThan(0);
      for (const server of servers) expect(server.trim(), name).toMatch(/^server [a-z0-9-]+:8080\b.* resolve;$/);
    }
  });
});

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
  const lines = text.replace(/\\\n/g, ' ').split('\n').map((line) => line.trim()).filter((line) => line && !line.startsWith('#'));
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

describe('docker-compose.yml', () => {
  const env = { ...process.env, JWT_SECRET: 'compose-test-secret-'.padEnd(48, 'x') };

  it('is valid for docker-compose', async () => {
    await expect(run('docker-compose', ['config', '-q'], { cwd: ROOT, env })).resolves.toBeDefined();
  });

  it('refuses to start without a JWT_SECRET, saying where to set it', async () => {
    const { JWT_SECRET: _unset, ...withoutSecret } = env;
    const failure = await run('docker-compose', ['config', '-q'], { cwd: ROOT, env: withoutSecret }).then(
      () => '',
      (error: { stderr: string }) => error.stderr,
    );
    expect(failure).toContain('set JWT_SECRET in .env');
  });

  it('runs every part, health-gated, with named volumes and one port on the edge', async () => {
    const { stdout } = await run('docker-compose', ['config'], { cwd: ROOT, env });
    const compose = parse(stdout) as {
      services: Record<string, { image?: string; ports?: unknown[]; depends_on?: Record<string, { condition: string }>; healthcheck?: unknown; command?: string[] }>;
      volumes: Record<string, unknown>;
    };
    const names = Object.keys(compose.services).sort();
    expect(names).toEqual(['auth', 'edge', 'gateway-1', 'gateway-2', 'messages', 'minio', 'nats', 'postgres', 'redis', 'web']);
    for (const [name, service] of Object.entries(compose.services)) {
      expect(service.image, name).toMatch(/:[^:]*\d/);
      for (const [dependency, { condition }] of Object.entries(service.depends_on ?? {})) {
        expect(condition, `${name} -> ${dependency}`).toBe('service_healthy');
      }
      if (['postgres', 'nats', 'redis', 'minio'].includes(name)) expect(service.healthcheck, name).toBeDefined();
      if (name !== 'edge') expect(service.ports, name).toBeUndefined();
    }
    expect(compose.services.nats!.command).toContain('-js');
    expect(Object.keys(compose.services.edge!.depends_on!).sort()).toEqual(['auth', 'gateway-1', 'gateway-2', 'messages', 'web']);
    expect(Object.keys(compose.volumes).sort()).toEqual(['miniodata', 'natsdata', 'pgdata']);
  });
});

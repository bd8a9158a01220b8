import { execFile } from 'node:child_process';
import { chmod, mkdtemp, readFile, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const SCRIPT = fileURLToPath(new URL('../../scripts/docker.sh', import.meta.url));
const SECRETS = ['JWT_SECRET', 'POSTGRES_PASSWORD', 'MINIO_ROOT_PASSWORD', 'MINIO_APP_PASSWORD', 'TURN_SECRET'];

/** Runs the script as `make` does, with `path` as the PATH (the system's by default). */
async function dockerScript(action: string, env: Record<string, string> = {}, path = '/usr/bin:/bin') {
  return run('/bin/bash', [SCRIPT, action], { env: { PATH: path, ...env } }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

const envValues = async (file: string) =>
  Object.fromEntries(
    (await readFile(file, 'utf8'))
      .trim()
      .split('\n')
      .map((line) => line.split(/=(.*)/s).slice(0, 2) as [string, string]),
  );

describe('make up, down, logs and images (scripts/docker.sh)', () => {
  it('writes a strong secret for each credential into .env, readable by its owner only, and keeps those written', async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'compose-env-')), '.env');
    await writeFile(file, 'JWT_SECRET=kept-from-before-0123456789abcdefghijkl\n');
    await dockerScript('env', { COMPOSE_ENV_FILE: file });
    const first = await envValues(file);
    expect(Object.keys(first).sort()).toEqual([...SECRETS].sort());
    expect(first.JWT_SECRET).toBe('kept-from-before-0123456789abcdefghijkl');
    for (const name of SECRETS.slice(1)) expect(first[name]!.length, name).toBeGreaterThanOrEqual(40);
    expect(new Set(Object.values(first)).size).toBe(SECRETS.length);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    await dockerScript('env', { COMPOSE_ENV_FILE: file });
    expect(await envValues(file)).toEqual(first);
  });

  it.each(['up', 'down', 'logs', 'images'])('make %s without a Docker engine says so in one line', async (action) => {
    const bin = await mkdtemp(join(tmpdir(), 'compose-bin-'));
    // A docker CLI whose engine is not running, as on a laptop where Docker was not started.
    await writeFile(join(bin, 'docker'), '#!/bin/sh\necho "Cannot connect to the Docker daemon" >&2\nexit 1\n');
    await chmod(join(bin, 'docker'), 0o755);
    const { code, stdout, stderr } = await dockerScript(action, {}, `${bin}:/usr/bin:/bin`);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr.trim().split('\n')).toEqual([
      `make ${action}: needs a running Docker engine, and 'docker info' reached none: start Docker (sudo systemctl start docker, or open Docker Desktop); 'make start' runs Chat.io without it`,
    ]);
  });

  it('builds every image under the names the chart and compose pull, pushing them when asked', async () => {
    const bin = await mkdtemp(join(tmpdir(), 'docker-recording-'));
    const calls = join(bin, 'calls');
    // A docker whose engine answers, recording every command it is given.
    await writeFile(join(bin, 'docker'), `#!/bin/sh\necho "$*" >> ${calls}\n`);
    await chmod(join(bin, 'docker'), 0o755);
    const result = await dockerScript('images', { REGISTRY: 'localhost:5001/chat-io', PUSH: '1' }, `${bin}:/usr/bin:/bin`);
    expect(result.code).toBe(0);
    const version = /^appVersion: "?([^"\n]+)"?$/m.exec(
      await readFile(fileURLToPath(new URL('../../helm/chat/Chart.yaml', import.meta.url)), 'utf8'),
    )![1];
    const commands = (await readFile(calls, 'utf8'))
      .trim()
      .split('\n')
      .filter((line) => line !== 'info');
    const expected = ['auth', 'messages', 'gateway', 'web', 'edge', 'coturn'].flatMap((component) => [
      `build -f deploy/docker/${component}.Dockerfile -t localhost:5001/chat-io/${component}:${version} .`,
      `push localhost:5001/chat-io/${component}:${version}`,
    ]);
    expect(commands).toEqual(expected);
    const composeFile = await readFile(fileURLToPath(new URL('../../docker-compose.yml', import.meta.url)), 'utf8');
    expect(composeFile, 'compose pulls the same version by default').toContain(`\${CHAT_VERSION:-${version}}`);
  });

  it('says what to install when there is no Docker at all', async () => {
    // A PATH with the tools the script uses and no docker.
    const bin = await mkdtemp(join(tmpdir(), 'compose-empty-'));
    await symlink('/usr/bin/dirname', join(bin, 'dirname'));
    const { code, stderr } = await dockerScript('up', {}, bin);
    expect(code).toBe(1);
    expect(stderr).toMatch(/^make up: needs Docker, which is not installed: install Docker Engine/);
  });
});

import { execFile } from 'node:child_process';
import { access, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SCRIPT = `${ROOT}scripts/stand-in-images.sh`;

/** The base images the script would provide, as it lists them. */
async function listed(): Promise<string[]> {
  const { stdout } = await run('/bin/bash', [SCRIPT, 'list']);
  return stdout.trim().split('\n');
}

describe('the base images CI builds stand-ins for (scripts/stand-in-images.sh)', () => {
  it('names every base image of the Dockerfiles, the compose file and the container suites, none of ours', async () => {
    const images = await listed();
    const dockerfiles = await Promise.all(
      ['auth', 'messages', 'gateway', 'web', 'edge', 'coturn'].map((part) => readFile(`${ROOT}deploy/docker/${part}.Dockerfile`, 'utf8')),
    );
    const named = [
      ...dockerfiles.flatMap((text) => [...text.matchAll(/^FROM (\S+)/gm)].map((match) => match[1]!)),
      ...[...(await readFile(`${ROOT}docker-compose.yml`, 'utf8')).matchAll(/^ +image: (\S+)$/gm)].map((match) => match[1]!),
      ...[...(await readFile(`${ROOT}test/support/containers.ts`, 'utf8')).matchAll(/GenericContainer\('([^']+)'\)/g)].map(
        (match) => match[1]!,
      ),
    ].filter((image) => !image.startsWith('chat-io/'));
    expect(images).toEqual([...new Set(named)].sort());
    expect(images).toContain('postgres:17.6-alpine');
  });

  it('has a recipe for each, MinIO aside (no Debian or npm package ships its server)', async () => {
    const withoutRecipe: string[] = [];
    for (const image of await listed()) {
      const name = image.split(':')[0]!.split('/').at(-1)!;
      await access(`${ROOT}deploy/docker/stand-ins/${name}.Dockerfile`).catch(() => withoutRecipe.push(image));
    }
    expect(withoutRecipe).toEqual([expect.stringMatching(/^minio\/minio:/)]);
  });
});

import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Embedded mode makes its JWT secret once and keeps it, so sessions survive a restart. */
export async function loadOrCreateSecret(dataDir: string): Promise<string> {
  const path = join(dataDir, 'jwt-secret');
  try {
    return (await readFile(path, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(48).toString('base64url');
  // 'wx' fails if another process created it meanwhile; then that one's secret is the one to use.
  await writeFile(path, secret, { mode: 0o600, flag: 'wx' }).catch(async (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error;
  });
  return (await readFile(path, 'utf8')).trim();
}

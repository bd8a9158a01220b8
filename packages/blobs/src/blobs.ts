import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { randomUUID } from 'node:crypto';

/** The object store port: S3 (MinIO) when distributed, files on disk when embedded. */
export interface BlobStore {
  put(key: string, bytes: Buffer): Promise<void>;
  /** The stored bytes, or null when nothing is stored under the key. */
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  ping(): Promise<void>;
}

/** Blobs as files under `root`; keys are validated by the caller, and a key may never leave the root. */
export async function createDiskBlobStore(root: string): Promise<BlobStore> {
  const base = resolve(root);
  // Other users of the machine read none of it: folders 0700, files 0600.
  await mkdir(base, { recursive: true, mode: 0o700 });
  const pathOf = (key: string) => {
    const path = resolve(base, key);
    if (!path.startsWith(base + sep)) throw new Error(`blob key escapes the store: ${key}`);
    return path;
  };
  return {
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true, mode: 0o700 });
      // Written aside and renamed, so a reader never sees half an image.
      const partial = join(dirname(path), `.${randomUUID()}.partial`);
      await writeFile(partial, bytes, { mode: 0o600 });
      await rename(partial, path);
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async ping() {
      await mkdir(base, { recursive: true, mode: 0o700 });
    },
  };
}

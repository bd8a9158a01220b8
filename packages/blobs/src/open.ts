import { join } from 'node:path';
import type { Config } from '@chat/kernel';
import { createDiskBlobStore, type BlobStore } from './blobs.js';

/** The S3 bucket when one is configured, else files under DATA_DIR/media. */
export async function openBlobStore(config: Config): Promise<BlobStore> {
  if (config.s3) {
    const { createS3BlobStore } = await import('./s3.js');
    return createS3BlobStore(config.s3);
  }
  return createDiskBlobStore(join(config.dataDir, 'media'));
}

import S3rver from 's3rver';
import type { S3Config } from '@chat/kernel';
import { tempDir } from './temp-dir.js';

/** s3rver's fixed credentials. */
const CREDENTIALS = { accessKey: 'S3RVER', secretKey: 'S3RVER' };

/** An S3 API server in this process (MinIO is not installable here), on a free port, files in a temp dir. */
export async function startS3Server(): Promise<{ endpoint: string; options(bucket: string): S3Config; close(): Promise<void> }> {
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: await tempDir('s3rver') });
  const { port } = (await server.run()) as { port: number };
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    options: (bucket) => ({ endpoint, bucket, region: 'us-east-1', ...CREDENTIALS }),
    close: () => server.close(),
  };
}

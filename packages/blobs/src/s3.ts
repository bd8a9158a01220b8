import { Client } from 'minio';
import type { BlobStore } from './blobs.js';
import type { S3Config } from '@chat/kernel';
import { reportingUnavailable } from '@chat/kernel';

/** Blobs in an S3 bucket (MinIO or any S3 API), created at start when missing. */
export async function createS3BlobStore(options: S3Config): Promise<BlobStore> {
  const endpoint = new URL(options.endpoint);
  const useSSL = endpoint.protocol === 'https:';
  const client = new Client({
    endPoint: endpoint.hostname,
    port: endpoint.port ? Number(endpoint.port) : useSSL ? 443 : 80,
    useSSL,
    accessKey: options.accessKey,
    secretKey: options.secretKey,
    region: options.region,
    // MinIO and s3rver answer on one host; bucket subdomains would need DNS of their own.
    pathStyle: true,
  });
  const { bucket } = options;
  if (!(await client.bucketExists(bucket))) {
    await client.makeBucket(bucket, options.region).catch(async (error: unknown) => {
      // Another replica created it first.
      if (!(await client.bucketExists(bucket))) throw error;
    });
  }
  const unavailable = <T>(work: () => Promise<T>) => reportingUnavailable('the object store', work);
  return {
    put: (key, bytes) =>
      unavailable(async () => {
        await client.putObject(bucket, key, bytes, bytes.length);
      }),
    get: (key) => unavailable(() => getObject(key)),
    delete: (key) => unavailable(() => client.removeObject(bucket, key)),
    async ping() {
      const exists = await client.bucketExists(bucket);
      if (!exists) throw new Error(`bucket ${bucket} is missing`);
    },
  };

  async function getObject(key: string): Promise<Buffer | null> {
    try {
      const stream = await client.getObject(bucket, key);
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    } catch (error) {
      if ((error as { code?: string }).code === 'NoSuchKey') return null;
      throw error;
    }
  }
}

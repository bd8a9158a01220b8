import { afterAll, describe, expect, it } from 'vitest';
import { ApiClient, tempDir, uniqueName } from '#test-support';
import { removeNatsStreams, startLocalCluster, withPostgres, type LocalCluster } from '../scripts/local-cluster.js';

const namespace = uniqueName('kept_cluster');
let cluster: LocalCluster | undefined;

afterAll(async () => {
  await cluster?.close();
  const postgresUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  await withPostgres(postgresUrl, `DROP DATABASE IF EXISTS ${namespace} WITH (FORCE)`);
  await removeNatsStreams(process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222', namespace);
});

describe('make cluster-local, stopped and started again', () => {
  it('still serves the file a message points at, as it still has the message', { timeout: 120_000 }, async () => {
    // As `make cluster-local` keeps its database: its stored files with it, in a folder of their own.
    const options = { namespace, throwaway: false, keptDataDir: await tempDir('kept-cluster') };
    cluster = await startLocalCluster(options);
    const ann = new ApiClient(cluster.baseUrl);
    const annUser = await ann.signup('Ann Keeps', `ann.${namespace}@example.com`);
    const bob = new ApiClient(cluster.baseUrl);
    const bobUser = await bob.signup('Bob Keeps');
    await ann.waitForContact(bobUser._id);
    const bytes = new TextEncoder().encode('the minutes of the meeting');
    const sent = await ann.sendFile<{ _id: string; file: { url: string } }>(bobUser._id, { name: 'minutes.txt', bytes });
    expect(sent.status).toBe(201);
    await cluster.close();

    cluster = await startLocalCluster(options);
    const again = new ApiClient(cluster.baseUrl);
    expect((await again.post('/api/auth/login', { email: annUser.email, password: 'secret123' })).status).toBe(200);
    const history = (await again.get<{ _id: string }[]>(`/api/messages/${bobUser._id}`)).body;
    expect(history.map((message) => message._id)).toEqual([sent.body._id]);
    const file = await again.get(sent.body.file.url);
    expect(file.status).toBe(200);
    expect(new TextDecoder().decode(file.body as Buffer)).toBe('the minutes of the meeting');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '#test-support';
import { startLocalCluster, type LocalCluster } from '../scripts/local-cluster.js';

/** A cluster of its own: this suite uses up the signup limit of its one client address. */
const SIGNUPS_PER_HOUR = 3;
let cluster: LocalCluster;

beforeAll(async () => {
  cluster = await startLocalCluster({ env: { RATE_LIMIT_SIGNUPS_PER_HOUR: String(SIGNUPS_PER_HOUR) } });
});

afterAll(async () => {
  await cluster?.close();
});

const signupBody = (n: number) => ({ fullName: `Forger ${n}`, email: `forger.${n}.${Date.now()}@example.com`, password: 'secret123' });

describe('the nginx edge in front of the services', () => {
  it('keeps counting signups per client address whatever X-Forwarded-For the client sends', async () => {
    const client = new ApiClient(cluster.baseUrl);
    const statuses: number[] = [];
    for (let n = 0; n <= SIGNUPS_PER_HOUR; n++) {
      const forged = { 'x-forwarded-for': `6.6.6.${n}`, 'x-real-ip': `7.7.7.${n}` };
      statuses.push((await client.post('/api/auth/signup', signupBody(n), forged)).status);
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
  });

  it('answers an API path no service has with 404 {message}, as embedded mode does, not the web app', async () => {
    const client = new ApiClient(cluster.baseUrl);
    for (const path of ['/api/nope', '/api/messages-v2/users', '/api/']) {
      const response = await client.get(path);
      expect({ path, status: response.status, type: response.headers.get('content-type') }).toEqual({
        path,
        status: 404,
        type: 'application/json',
      });
      expect(response.body).toEqual({ message: 'Not found' });
    }
    const page = await client.get('/login');
    expect(page.headers.get('content-type')).toContain('text/html');
  });
});

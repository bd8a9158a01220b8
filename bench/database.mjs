// Database scale: a conversation of 1,000,000 messages and 10,000 contacts, seeded straight into
// the local cluster's Postgres, then read through the messages service as the app reads them.
import { randomBytes, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { SESSION_COOKIE, signSession } from '@chat/sessions';
import pg from 'pg';
import { Pool } from 'undici';
import { startLocalCluster } from '../scripts/local-cluster.ts';

const MESSAGES = Number(process.env.BENCH_DB_MESSAGES ?? 1_000_000);
const CONTACTS = Number(process.env.BENCH_DB_CONTACTS ?? 10_000);
const SAMPLES = 300;

const percentile = (sorted, q) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] * 100) / 100;

async function timed(pool, cookie, paths) {
  const times = [];
  for (const path of paths) {
    const started = performance.now();
    const response = await pool.request({ method: 'GET', path, headers: { cookie } });
    await response.body.dump();
    if (response.statusCode !== 200) throw new Error(`${path}: ${response.statusCode}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { requests: times.length, p50: percentile(times, 0.5), p99: percentile(times, 0.99), max: percentile(times, 1) };
}

export async function measureDatabase() {
  const jwtSecret = randomBytes(48).toString('base64url');
  const cluster = await startLocalCluster({ env: { JWT_SECRET: jwtSecret } });
  try {
    const ann = randomUUID();
    const ben = randomUUID();
    const db = new pg.Client({ connectionString: cluster.databaseUrl });
    await db.connect();
    const seedStarted = performance.now();
    await db.query(
      `INSERT INTO contacts (user_id, full_name) SELECT gen_random_uuid(), 'Contact ' || n FROM generate_series(1, $1) n`,
      [CONTACTS - 2],
    );
    await db.query(`INSERT INTO contacts (user_id, full_name) VALUES ($1, 'Ann'), ($2, 'Ben')`, [ann, ben]);
    await db.query(
      `INSERT INTO messages (sender_id, receiver_id, text, created_at)
       SELECT CASE WHEN n % 2 = 0 THEN $1::uuid ELSE $2::uuid END, CASE WHEN n % 2 = 0 THEN $2::uuid ELSE $1::uuid END,
              'message number ' || n, now() - make_interval(secs => $3 - n)
       FROM generate_series(1, $3) n`,
      [ann, ben, MESSAGES],
    );
    // Other pairs' traffic in the same table, so the index has to pick this pair out.
    await db.query(
      `INSERT INTO messages (sender_id, receiver_id, text)
       SELECT c.user_id, $1::uuid, 'hello' FROM contacts c WHERE c.user_id NOT IN ($1::uuid, $2::uuid)`,
      [ann, ben],
    );
    await db.query('ANALYZE messages; ANALYZE contacts');
    const [{ min, max }] = (await db.query('SELECT min(id)::bigint AS min, max(id)::bigint AS max FROM messages')).rows;
    const seedSeconds = Math.round((performance.now() - seedStarted) / 100) / 10;
    await db.end();

    const cookie = `${SESSION_COOKIE}=${signSession(ann, randomUUID(), jwtSecret)}`;
    const pool = new Pool(cluster.serviceUrl('messages'), { connections: 1 });
    const random = () => Number(min) + Math.floor(Math.random() * (Number(max) - Number(min)));
    await timed(pool, cookie, Array.from({ length: 20 }, () => `/api/messages/${ben}`)); // warm-up
    const result = {
      messages: MESSAGES,
      contacts: CONTACTS,
      seedSeconds,
      latestPage: await timed(pool, cookie, Array.from({ length: SAMPLES }, () => `/api/messages/${ben}`)),
      olderPage: await timed(pool, cookie, Array.from({ length: SAMPLES }, () => `/api/messages/${ben}?before=${random()}&limit=50`)),
      contactList: await timed(pool, cookie, Array.from({ length: 50 }, () => '/api/messages/users')),
    };
    await pool.close();
    return result;
  } finally {
    await cluster.close();
  }
}

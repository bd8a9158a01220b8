// Database scale: a conversation of 1,000,000 messages and 1,000,000 users (half of whom wrote to
// Ann, so her inbox holds 500,000 conversations), seeded straight into the local cluster's
// Postgres, with Ann in 200 groups of 1,024 members holding 1,000,000 messages more, then read
// through the messages service as the app reads them: history pages, inbox pages, her groups with
// their unread counts, and name and message searches.
import { randomBytes, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { SESSION_COOKIE, signSession } from '@chat/sessions';
import pg from 'pg';
import { Pool } from 'undici';
import { startLocalCluster } from '../scripts/local-cluster.ts';
import { hashPassword } from '../services/auth/src/credentials.ts';
import { DEFAULT_SEARCH_INDEX, searchIndexCaughtUp } from '../services/messages/src/search/search-index.ts';
import { quantile } from './stats.mjs';

const MESSAGES = Number(process.env.BENCH_DB_MESSAGES ?? 1_000_000);
/** Ann's groups: GROUPS of GROUP_MEMBERS, GROUP_MESSAGES messages over them all. */
const GROUPS = 200;
const GROUP_MEMBERS = 1024;
const GROUP_MESSAGES = Number(process.env.BENCH_DB_GROUP_MESSAGES ?? 1_000_000);
const CONTACTS = Number(process.env.BENCH_DB_CONTACTS ?? 1_000_000);
const FIRST_NAMES = [
  'Olivia',
  'Liam',
  'Emma',
  'Noah',
  'Amelia',
  'Oliver',
  'Sophia',
  'Elijah',
  'Mia',
  'Lucas',
  'Zoë',
  'Mateo',
  'Aiko',
  'Kwame',
  'Ingrid',
  'Rahul',
  'Fatima',
  'Chen',
  'Olga',
  'Diego',
];
const LAST_NAMES = [
  'Smith',
  'García',
  'Müller',
  'Rossi',
  'Nguyen',
  'Kim',
  'Okafor',
  'Novak',
  'Silva',
  'Cohen',
  'Larsen',
  'Haddad',
  'Tanaka',
  'Kowalski',
  'Dubois',
  'Singh',
  'Petrov',
  'Jensen',
  'Moreau',
  'Ortiz',
];
const SAMPLES = 300;
/** Signups and logins each hash a password (bcrypt, cost 10: most of their time), so fewer of them. */
const AUTH_SAMPLES = 200;
const PASSWORD = 'bench-password-1';

/** How many times, and their p50, p99 and max in ms. */
function latencies(times) {
  times.sort((a, b) => a - b);
  return { requests: times.length, p50: quantile(times, 0.5, 2), p99: quantile(times, 0.99, 2), max: quantile(times, 1, 2) };
}

/** Each request (a path to GET, or `{path, body}` to POST as JSON) one at a time: p50, p99 and max in ms. */
async function timed(pool, cookie, requests) {
  const times = [];
  for (const request of requests) {
    const { path, body } = typeof request === 'string' ? { path: request } : request;
    const started = performance.now();
    const response = await pool.request(
      body
        ? { method: 'POST', path, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }
        : { method: 'GET', path, headers: { cookie } },
    );
    await response.body.dump();
    if (response.statusCode >= 300) throw new Error(`${path}: ${response.statusCode}`);
    times.push(performance.now() - started);
  }
  return latencies(times);
}

/** Reads every page of a paged list by its cursors, SAMPLES times: each time the whole list took. */
async function timedPages(pool, cookie, path) {
  const times = [];
  for (let sample = 0; sample < SAMPLES; sample++) {
    const started = performance.now();
    for (let next = path; next;) {
      const response = await pool.request({ method: 'GET', path: next, headers: { cookie } });
      await response.body.dump();
      if (response.statusCode >= 300) throw new Error(`${next}: ${response.statusCode}`);
      const cursor = response.headers['x-next-cursor'];
      next = cursor ? `${path}?cursor=${cursor}` : null;
    }
    times.push(performance.now() - started);
  }
  return latencies(times);
}

/** A search as people type one: a first name's start and a surname's start, varied by `i`. */
const searchOf = (i) => `${FIRST_NAMES[i % 20].slice(0, 3)} ${LAST_NAMES[(i * 7) % 20].slice(0, 2)}`;

/** A message number whose start few others share, picked by `i`: a rare search. */
const rareNumber = (i) => 100_000 + ((i * 7919) % 800_000);

/** A cursor into the names part of the inbox, as the service makes them, at a name picked by `n`. */
const namesCursor = (n) =>
  Buffer.from(JSON.stringify({ in: 'names', name: `olivia smith ${n % 1000}`, userId: '00000000-0000-4000-8000-000000000000' })).toString(
    'base64url',
  );

/** The path of the page after the first, by the cursor the service hands out. */
async function nextPagePath(pool, cookie) {
  const response = await pool.request({ method: 'GET', path: '/api/messages/users', headers: { cookie } });
  await response.body.dump();
  return `/api/messages/users?cursor=${response.headers['x-next-cursor']}`;
}

/**
 * Ann's groups: GROUPS groups of GROUP_MEMBERS (Ann and 1,023 of the others, overlapping from group
 * to group), GROUP_MESSAGES messages over them from others, interleaved as live groups write them,
 * in words none of the searches below look for; Ann has read all but the last 0–149 of each (a
 * count past 99 shows "99+").
 */
async function seedGroups(db, ann, ben) {
  await db.query(
    `INSERT INTO groups (id, name, created_by, invite_code) SELECT gen_random_uuid(), 'Group ' || n, $1, md5(random()::text) FROM generate_series(1, $2) n`,
    [ann, GROUPS],
  );
  await db.query(
    `WITH g AS (SELECT id, row_number() OVER (ORDER BY id) AS i FROM groups),
     people AS (SELECT user_id, row_number() OVER (ORDER BY user_id) AS j FROM (
       SELECT user_id FROM contacts WHERE user_id NOT IN ($1, $2) LIMIT 5000) c)
     INSERT INTO group_members (group_id, user_id, role, joined_after)
     SELECT g.id, p.user_id, 'member', 0 FROM g JOIN people p ON p.j > (g.i * 17) % 3900 AND p.j <= (g.i * 17) % 3900 + $3 - 1
     UNION ALL SELECT id, $1, 'admin', 0 FROM g`,
    [ann, ben, GROUP_MEMBERS],
  );
  await db.query(
    `WITH firsts AS (SELECT group_id, min(user_id::text)::uuid AS member FROM group_members WHERE user_id <> $1 GROUP BY group_id)
     INSERT INTO messages (sender_id, receiver_id, group_id, text, created_at)
     SELECT f.member, f.group_id, f.group_id, 'news ' || n, now() - make_interval(secs => $2::int - n)
     FROM generate_series(1, $2::int / $3::int) n CROSS JOIN firsts f ORDER BY n, f.group_id`,
    [ann, GROUP_MESSAGES, GROUPS],
  );
  // Each group's messages numbered in it, as sends number them (migration 32's backfill).
  await db.query(
    `UPDATE messages m SET group_seq = numbered.seq
     FROM (SELECT id, row_number() OVER (PARTITION BY group_id ORDER BY id) AS seq FROM messages WHERE group_id IS NOT NULL) numbered
     WHERE m.id = numbered.id`,
  );
  await db.query(
    `UPDATE groups g SET last_message_id = m.last, last_seq = m.count, member_count = $1
     FROM (SELECT group_id, max(id) AS last, count(*) AS count FROM messages WHERE group_id IS NOT NULL GROUP BY group_id) m WHERE g.id = m.group_id`,
    [GROUP_MEMBERS],
  );
  await db.query(
    `UPDATE group_members m SET delivered_up_to = g.last_message_id, read_up_to = CASE WHEN m.user_id = $1 THEN COALESCE((
       SELECT id FROM messages WHERE group_id = g.id ORDER BY id DESC OFFSET (abs(hashtext(g.id::text)) % 150) LIMIT 1), 0) ELSE g.last_message_id END
     FROM groups g WHERE g.id = m.group_id`,
    [ann],
  );
}

export async function measureDatabase({ nodeArgs = [] } = {}) {
  const jwtSecret = randomBytes(48).toString('base64url');
  // One address signs up and logs in hundreds of times: the limits meant for people are lifted.
  const limits = { RATE_LIMIT_SIGNUPS_PER_HOUR: '1000000', RATE_LIMIT_LOGINS_PER_IP: '1000000', RATE_LIMIT_LOGINS_PER_EMAIL: '1000000' };
  const cluster = await startLocalCluster({ env: { JWT_SECRET: jwtSecret, ...limits }, nodeArgs });
  try {
    const ann = randomUUID();
    const ben = randomUUID();
    const db = new pg.Client({ connectionString: cluster.databaseUrl });
    await db.connect();
    // Ended by the cluster's close when a step fails: that step's error is the one to see.
    db.on('error', () => undefined);
    const seedStarted = performance.now();
    // Names from 400 first/last pairs and a number, so a surname matches 1 in 20.
    await db.query(
      `INSERT INTO contacts (user_id, full_name)
       SELECT gen_random_uuid(), ($2::text[])[1 + n % 20] || ' ' || ($3::text[])[1 + (n / 20) % 20] || ' ' || n
       FROM generate_series(1, $1) n`,
      [CONTACTS - 2, FIRST_NAMES, LAST_NAMES],
    );
    await db.query(`INSERT INTO contacts (user_id, full_name) VALUES ($1, 'Ann'), ($2, 'Ben')`, [ann, ben]);
    // The same people as accounts of the auth service, user<n>@bench.test, one password for all.
    await db.query(
      `INSERT INTO users (id, full_name, email, password_hash)
       SELECT user_id, full_name, 'user' || row_number() OVER () || '@bench.test', $1 FROM contacts`,
      [await hashPassword(PASSWORD, 10)],
    );
    // The words the service would index (nameWords), for these plain names: lower-cased, accents dropped.
    await db.query(
      `INSERT INTO contact_words (word, user_id, name_words)
       SELECT word, user_id, array_agg(word) OVER (PARTITION BY user_id) FROM (
         SELECT DISTINCT translate(lower(word), 'ëíüçñ', 'eiucn') AS word, user_id
         FROM contacts, regexp_split_to_table(full_name, '[^[:alnum:]ëíüçñÜ]+') AS word WHERE word <> ''
       ) words`,
    );
    await db.query(
      `INSERT INTO messages (sender_id, receiver_id, text, created_at)
       SELECT CASE WHEN n % 2 = 0 THEN $1::uuid ELSE $2::uuid END, CASE WHEN n % 2 = 0 THEN $2::uuid ELSE $1::uuid END,
              'message number ' || n, now() - make_interval(secs => $3 - n)
       FROM generate_series(1, $3) n`,
      [ann, ben, MESSAGES],
    );
    // Other pairs' traffic in the same table, so the index has to pick this pair out: half the
    // users wrote to Ann once.
    await db.query(
      `INSERT INTO messages (sender_id, receiver_id, text)
       SELECT c.user_id, $1::uuid, 'hello' FROM contacts c
       WHERE c.user_id NOT IN ($1::uuid, $2::uuid) AND get_byte(uuid_send(c.user_id), 0) < 128`,
      [ann, ben],
    );
    // Each conversation's row, as sends keep them (migration 2's backfill).
    await db.query(
      `INSERT INTO conversations (user_id, peer_id, last_message_id, read_up_to)
       SELECT user_id, peer_id, max(id), max(id) FROM (
         SELECT sender_id AS user_id, receiver_id AS peer_id, id FROM messages
         UNION ALL SELECT receiver_id, sender_id, id FROM messages
       ) ends GROUP BY user_id, peer_id`,
    );
    await seedGroups(db, ann, ben);
    // As autovacuum keeps a live database: statistics, and the visibility map index-only scans use.
    await db.query('VACUUM ANALYZE messages, contacts, contact_words, conversations, users, groups, group_members');
    const [{ min, max }] = (await db.query('SELECT min(id)::bigint AS min, max(id)::bigint AS max FROM messages WHERE group_id IS NULL'))
      .rows;
    const seedSeconds = Math.round((performance.now() - seedStarted) / 100) / 10;
    // Message search reads blocks the service's indexer writes in the background, as it would
    // after a migration: timed until it has read every message, the groups' included (it waits 5 s
    // for the youngest), and written every full block (those left for later batches included).
    const indexStarted = performance.now();
    for (;;) {
      const done = await searchIndexCaughtUp({ query: async (sql, params) => (await db.query(sql, params)).rows }, DEFAULT_SEARCH_INDEX);
      if (done) break;
      if (performance.now() - indexStarted > 900_000) throw new Error('the search indexer did not catch up within 15 minutes');
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    const indexSeconds = Math.round((performance.now() - indexStarted) / 100) / 10;
    // The blocks' statistics, as autovacuum would gather them once the indexer wrote them.
    await db.query('ANALYZE search_blocks, search_cursors');

    const cookie = `${SESSION_COOKIE}=${signSession(ann, randomUUID(), jwtSecret)}`;
    const benCookie = `${SESSION_COOKIE}=${signSession(ben, randomUUID(), jwtSecret)}`;
    const pool = new Pool(cluster.serviceUrl('messages'), { connections: 1 });
    const random = () => Number(min) + Math.floor(Math.random() * (Number(max) - Number(min)));
    await timed(
      pool,
      cookie,
      Array.from({ length: 20 }, () => `/api/messages/${ben}`),
    ); // warm-up
    // Each user's first fetch delivers what waited for them (a one-time stamp of Ann's 500,000
    // messages to Ben): a return after a long absence, not the steady state timed below.
    await timed(pool, benCookie, ['/api/messages/users']);
    await timed(pool, cookie, ['/api/messages/users']);
    // That stamp rewrote 500,000 rows: autovacuum would clean them up in the middle of the timed
    // reads (one run's history pages took 26 ms instead of 3): cleaned first, as a live database is.
    await db.query('VACUUM ANALYZE messages, conversations');
    await db.end();
    const result = {
      messages: MESSAGES,
      contacts: CONTACTS,
      seedSeconds,
      indexSeconds,
      latestPage: await timed(
        pool,
        cookie,
        Array.from({ length: SAMPLES }, () => `/api/messages/${ben}`),
      ),
      olderPage: await timed(
        pool,
        cookie,
        Array.from({ length: SAMPLES }, () => `/api/messages/${ben}?before=${random()}&limit=50`),
      ),
      // Ann: 500,000 conversations. Ben: one, then 999,999 people by name.
      inboxFirstPage: await timed(
        pool,
        cookie,
        Array.from({ length: SAMPLES }, () => '/api/messages/users'),
      ),
      contactsFirstPage: await timed(
        pool,
        benCookie,
        Array.from({ length: SAMPLES }, () => '/api/messages/users'),
      ),
      inboxNextPage: await timed(
        pool,
        cookie,
        [await nextPagePath(pool, cookie)].flatMap((path) => Array(SAMPLES).fill(path)),
      ),
      contactsDeepPage: await timed(
        pool,
        benCookie,
        Array.from({ length: SAMPLES }, () => `/api/messages/users?cursor=${namesCursor(random())}`),
      ),
      nameSearch: await timed(
        pool,
        benCookie,
        Array.from({ length: SAMPLES }, (_, i) => `/api/messages/users?q=${encodeURIComponent(searchOf(i))}`),
      ),
      inboxNameSearch: await timed(
        pool,
        cookie,
        Array.from({ length: SAMPLES }, (_, i) => `/api/messages/users?q=${encodeURIComponent(searchOf(i))}`),
      ),
      rareNameSearch: await timed(
        pool,
        benCookie,
        Array.from({ length: SAMPLES }, (_, i) => `/api/messages/users?q=${12345 + i}`),
      ),
      // Message search over Ann's 1,500,000 messages: a word in her latest 500,000, a word in the
      // 1,000,000 before them (and in none of the latest), a word start in a few, the same in her
      // conversation with Ben, and the word of her latest 500,000 in that conversation (none).
      messageSearchRecentWord: await timed(
        pool,
        cookie,
        Array.from({ length: SAMPLES }, () => '/api/messages/search?q=hello'),
      ),
      messageSearchCommon: await timed(
        pool,
        cookie,
        Array.from({ length: SAMPLES }, () => '/api/messages/search?q=message'),
      ),
      messageSearchRare: await timed(
        pool,
        cookie,
        Array.from({ length: SAMPLES }, (_, i) => `/api/messages/search?q=number%20${rareNumber(i)}`),
      ),
      messageSearchInConversation: await timed(
        pool,
        cookie,
        Array.from({ length: SAMPLES }, (_, i) => `/api/messages/search?q=number%20${rareNumber(i)}&with=${ben}`),
      ),
      // Ann's groups (200 of 1,024 members), each with its unread count and latest message: the
      // first page (what her inbox shows first), and all four pages one after the other, as the app loads them.
      groupsFirstPage: await timed(
        pool,
        cookie,
        Array.from({ length: SAMPLES }, () => '/api/messages/groups'),
      ),
      groupsAllPages: await timedPages(pool, cookie, '/api/messages/groups'),
      messageSearchNoneInConversation: await timed(
        pool,
        cookie,
        Array.from({ length: SAMPLES }, () => `/api/messages/search?q=hello&with=${ben}`),
      ),
    };
    await pool.close();
    // Signing up and logging in among 1,000,000 accounts, straight to the auth service.
    const auth = new Pool(cluster.serviceUrl('auth'), { connections: 1 });
    const runId = randomUUID().slice(0, 8);
    result.signup = await timed(
      auth,
      '',
      Array.from({ length: AUTH_SAMPLES }, (_, i) => ({
        path: '/api/auth/signup',
        body: { fullName: `New Person ${i}`, email: `new-${runId}-${i}@bench.test`, password: PASSWORD },
      })),
    );
    result.login = await timed(
      auth,
      '',
      Array.from({ length: AUTH_SAMPLES }, () => ({
        path: '/api/auth/login',
        body: { email: `user${1 + Math.floor(Math.random() * CONTACTS)}@bench.test`, password: PASSWORD },
      })),
    );
    await auth.close();
    return result;
  } finally {
    await cluster.close();
  }
}

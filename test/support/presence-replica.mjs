// A gateway replica's presence in a process of its own, so a test can kill it without warning.
// Usage: node presence-replica.mjs <redisUrl> <keyPrefix> <replicaTtlMs> <userId>...
import { createRedisPresence } from '../../packages/presence/dist/redis.js';

const [url, keyPrefix, ttl, ...users] = process.argv.slice(2);
const presence = await createRedisPresence(url, { keyPrefix, replicaTtlMs: Number(ttl), heartbeatMs: Number(ttl) / 4 });
for (const userId of users) await presence.connect(userId);
process.stdout.write('ready\n');

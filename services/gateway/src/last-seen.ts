import type { Bus } from '@chat/bus';
import { subjects, type UsersSeen } from '@chat/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { batchReports } from './bus-reports.js';
import type { UserSocketHooks } from './user-sockets.js';

const REPORT_INTERVAL_MS = 1000;

/**
 * Reports when a user arrives on this replica and when their last socket here closes. The latest
 * of these across replicas is when they were last online: as they left, once no replica holds them.
 */
export function reportLastSeen(bus: Bus, log: FastifyBaseLogger) {
  const batch = batchReports<UsersSeen['seen'][number]>({
    bus,
    subject: subjects.usersSeen,
    log,
    intervalMs: REPORT_INTERVAL_MS,
    merge: (earlier, later) => (later.at > earlier.at ? later : earlier),
    event: (seen): UsersSeen => ({ seen }),
  });
  const seen = (userId: string) => batch.add(userId, { userId, at: new Date().toISOString() });
  const hooks: UserSocketHooks = { first: seen, last: seen };
  return { hooks, stop: () => batch.stop() };
}

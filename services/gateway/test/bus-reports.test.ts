import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import pino from 'pino';
import { createNatsBus } from '@chat/bus/nats';
import { MAX_REPORTS_PER_EVENT, type UsersSeen } from '@chat/contracts';
import { eventually, serverUrl, uniqueName } from '#test-support';
import { batchReports } from '../src/bus-reports.js';

describe('reports batched to the bus', () => {
  it('delivers a batch too large for one NATS message, as a replica whose 20,000 users all left would send it', async () => {
    const bus = await createNatsBus(serverUrl('nats'), { subjectPrefix: uniqueName('test'), onHandlerError: () => {} });
    const events: UsersSeen['seen'][] = [];
    await bus.consumeEvents('reports.test', 'test', (payload) => {
      events.push((JSON.parse(payload) as UsersSeen).seen);
    });
    const batch = batchReports<UsersSeen['seen'][number]>({
      bus,
      subject: 'reports.test',
      log: pino({ level: 'silent' }),
      intervalMs: 60_000,
      merge: (_earlier, later) => later,
      event: (seen): UsersSeen => ({ seen }),
    });
    // About 1.5 MB of reports in all: past NATS's 1 MB max_payload.
    const users = Array.from({ length: 20_000 }, () => randomUUID());
    for (const userId of users) batch.add(userId, { userId, at: new Date().toISOString() });
    await batch.stop();
    const heard = () => events.reduce((sum, seen) => sum + seen.length, 0);
    await eventually(() => heard() === users.length, 'every user seen, in events the bus accepted');
    expect(new Set(events.flat().map((report) => report.userId))).toEqual(new Set(users));
    expect(Math.max(...events.map((seen) => seen.length))).toBeLessThanOrEqual(MAX_REPORTS_PER_EVENT);
    await bus.close();
  });
});

import { busPayloadReader, type Bus, type Subscription } from '@chat/bus';
import { ReceiptsReportedSchema, subjects, UsersSeenSchema } from '@chat/contracts';
import type { Database } from '@chat/database';
import type { FastifyBaseLogger } from 'fastify';
import { recordSeen } from '../contacts/contacts.js';
import type { Receipts } from './receipts.js';

const readReceiptsReported = busPayloadReader(ReceiptsReportedSchema);
const readUsersSeen = busPayloadReader(UsersSeenSchema);

/** The durable consumers every messages replica shares: each report is recorded once. */
const CONSUMERS = { receipts: 'messages-receipts', seen: 'messages-last-seen' } as const;

/** Records what the gateways report: the messages their sockets received or read, and when users were online. */
export async function recordGatewayReports(bus: Bus, db: Database, receipts: Receipts, log: FastifyBaseLogger): Promise<Subscription> {
  const reported = await bus.consumeEvents(subjects.receiptsReported, CONSUMERS.receipts, async (payload) => {
    const event = readReceiptsReported(payload);
    if (!event) return log.warn({ subject: subjects.receiptsReported }, 'ignored a malformed receipts report');
    await receipts.reported(event);
  });
  const seen = await bus.consumeEvents(subjects.usersSeen, CONSUMERS.seen, async (payload) => {
    const event = readUsersSeen(payload);
    if (!event) return log.warn({ subject: subjects.usersSeen }, 'ignored a malformed users.seen report');
    await recordSeen(db, event.seen);
  });
  return {
    unsubscribe() {
      reported.unsubscribe();
      seen.unsubscribe();
    },
  };
}

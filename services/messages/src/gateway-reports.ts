import { busPayloadReader, type Bus, type Subscription } from '@chat/bus';
import { ReceiptsDeliveredSchema, subjects, UsersSeenSchema } from '@chat/contracts';
import type { Database } from '@chat/database';
import type { FastifyBaseLogger } from 'fastify';
import { recordSeen } from './contacts.js';
import type { Receipts } from './receipts.js';

const readReceiptsDelivered = busPayloadReader(ReceiptsDeliveredSchema);
const readUsersSeen = busPayloadReader(UsersSeenSchema);

/** The durable consumers every messages replica shares: each report is recorded once. */
const CONSUMERS = { delivered: 'messages-receipts', seen: 'messages-last-seen' } as const;

/** Records what the gateways report: the messages their sockets received, and when users were online. */
export async function recordGatewayReports(
  bus: Bus,
  db: Database,
  receipts: Receipts,
  log: FastifyBaseLogger,
): Promise<Subscription> {
  const delivered = await bus.consumeEvents(subjects.receiptsDelivered, CONSUMERS.delivered, async (payload) => {
    const event = readReceiptsDelivered(payload);
    if (!event) return log.warn({ subject: subjects.receiptsDelivered }, 'ignored a malformed delivery report');
    await receipts.delivered(event.receipts);
  });
  const seen = await bus.consumeEvents(subjects.usersSeen, CONSUMERS.seen, async (payload) => {
    const event = readUsersSeen(payload);
    if (!event) return log.warn({ subject: subjects.usersSeen }, 'ignored a malformed users.seen report');
    await recordSeen(db, event.seen);
  });
  return {
    unsubscribe() {
      delivered.unsubscribe();
      seen.unsubscribe();
    },
  };
}

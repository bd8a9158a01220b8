import type { Bus } from '@chat/bus';
import { subjects, type Message, type MessageReceipt, type ReceiptsDelivered } from '@chat/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { batchReports } from './bus-reports.js';

/** How long delivery reports gather before they go out together: the delay of a sender's second tick. */
const REPORT_INTERVAL_MS = 50;

/**
 * The messages a receiver's socket acknowledged, reported to the messages service, which stamps
 * them delivered once and tells the sender. Per conversation only the newest counts: it covers
 * the ones before it.
 */
export function reportDeliveries(bus: Bus, log: FastifyBaseLogger) {
  const batch = batchReports<MessageReceipt>({
    bus,
    subject: subjects.receiptsDelivered,
    log,
    intervalMs: REPORT_INTERVAL_MS,
    merge: (earlier, later) => (BigInt(later.upTo) > BigInt(earlier.upTo) ? later : earlier),
    event: (receipts): ReceiptsDelivered => ({ receipts }),
  });
  return {
    received(message: Message) {
      const receipt = { userId: message.receiverId, senderId: message.senderId, upTo: message._id, at: new Date().toISOString() };
      batch.add(`${receipt.userId}:${receipt.senderId}`, receipt);
    },
    stop: () => batch.stop(),
  };
}

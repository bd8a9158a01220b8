import type { Bus } from '@chat/bus';
import {
  subjects,
  type GroupDelivered,
  type GroupReceived,
  type Message,
  type MessageReceipt,
  type ReceiptsReported,
  type SocketRead,
} from '@chat/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { batchReports } from './bus-reports.js';

/**
 * How long reports gather before they go out together: at most this much later a sender sees a
 * tick turn double or read. Receipts are cumulative, so a busy conversation's acknowledgements
 * within one interval cost one report and one event to its sender (50 ms cost a third more CPU
 * per message in the bench's closed loop than 200 ms).
 */
const REPORT_INTERVAL_MS = 200;

type Report =
  { kind: 'delivered'; receipt: MessageReceipt } | { kind: 'read'; receipt: SocketRead } | { kind: 'group'; receipt: GroupDelivered };

/**
 * The messages a receiver's socket acknowledged (and read, with a conversation open), reported to
 * the messages service, which stamps them once and tells the sender. Per conversation only the
 * newest counts: it covers the ones before it.
 */
export function reportReceipts(bus: Bus, log: FastifyBaseLogger) {
  const batch = batchReports<Report>({
    bus,
    subject: subjects.receiptsReported,
    log,
    intervalMs: REPORT_INTERVAL_MS,
    merge: (earlier, later) => (BigInt(later.receipt.upTo) > BigInt(earlier.receipt.upTo) ? later : earlier),
    event: (reports): ReceiptsReported => ({
      delivered: reports.flatMap((report) => (report.kind === 'delivered' ? [report.receipt] : [])),
      read: reports.flatMap((report) => (report.kind === 'read' ? [report.receipt] : [])),
      groupDelivered: reports.flatMap((report) => (report.kind === 'group' ? [report.receipt] : [])),
    }),
  });
  return {
    /** A socket of the receiver has the message; `readBy` names it when the message was read there too. */
    received(message: Message, readBy?: string) {
      const receipt = { userId: message.receiverId, senderId: message.senderId, upTo: message._id, at: new Date().toISOString() };
      const pair = `${receipt.userId}:${receipt.senderId}`;
      if (readBy) batch.add(`read:${pair}`, { kind: 'read', receipt: { ...receipt, originSocketId: readBy } });
      else batch.add(`delivered:${pair}`, { kind: 'delivered', receipt });
    },
    /** A member's socket has the group's messages up to `upTo` (it says so itself: group copies are broadcast, not acknowledged). */
    groupReceived(userId: string, { groupId, upTo }: GroupReceived) {
      batch.add(`group:${groupId}:${userId}`, { kind: 'group', receipt: { groupId, userId, upTo, at: new Date().toISOString() } });
    },
    stop: () => batch.stop(),
  };
}

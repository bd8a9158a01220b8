import type { Database } from '@chat/database';
import type { SendTarget } from '../conversations/send-message.js';
import type { FastifyBaseLogger } from 'fastify';
import type { GroupEvents } from './group-events.js';
import type { GroupReceiptsRecorder } from './group-receipts.js';
import { insertGroupMessage, requireMayPost } from './groups.js';

/**
 * A group as a send's target: its rules checked before any picture or file is stored and again as
 * the message is (one row, whatever the group's size), then published once on the group's subject.
 * A reply is checked as it is stored: it answers a message of the group the sender may see. Its
 * sender's cursors move to it.
 */
export function groupTarget({
  db,
  events,
  receipts,
  log,
}: {
  db: Database;
  events: GroupEvents;
  receipts: GroupReceiptsRecorder;
  log: FastifyBaseLogger;
}) {
  return (groupId: string, mentions: readonly string[]): SendTarget => ({
    id: groupId,
    checkReply: async () => null,
    async admitMedia(senderId) {
      await requireMayPost(db, groupId, senderId);
      return null;
    },
    async store(message) {
      const { message: stored, stored: inserted } = await insertGroupMessage(db, { ...message, mentions });
      return { status: inserted ? 'stored' : 'duplicate', message: stored };
    },
    async deliver(message, originSocketId) {
      await events.message(message, originSocketId);
      // Its sender has it and has read the group up to it (as every messenger takes a reply); not awaited, as live delivery is not.
      const move = { groupId, userId: message.senderId, upTo: message._id, read: true, at: message.createdAt };
      receipts.moved(move).catch((error: unknown) => log.warn({ err: error, groupId }, 'could not move a sender’s cursors'));
    },
  });
}

import type { Database } from '@chat/database';
import type { SendTarget } from '../conversations/send-message.js';
import type { GroupEvents } from './group-events.js';
import { insertGroupMessage, requireMayPost } from './groups.js';

/**
 * A group as a send's target: its rules checked before any picture or file is stored and again as
 * the message is (one row, whatever the group's size), then published once on the group's subject.
 * A reply is checked as it is stored: it answers a message of the group the sender may see.
 */
export function groupTarget({ db, events }: { db: Database; events: GroupEvents }) {
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
    deliver: (message, originSocketId) => events.message(message, originSocketId),
  });
}

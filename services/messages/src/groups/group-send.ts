import type { Database } from '@chat/database';
import type { SendTarget } from '../conversations/send-message.js';
import type { GroupEvents } from './group-events.js';
import type { GroupReceiptsRecorder } from './group-receipts.js';
import { insertGroupMessage, requireMayPost } from './groups.js';

/**
 * A group as a send's target: its rules checked before any picture or file is stored and again as
 * the message is (one row, whatever the group's size), then published once on the group's subject.
 * A reply is checked as it is stored: it answers a message of the group the sender may see. Its
 * sender's cursors move to it as it is stored; the group's receipts are settled after it only when
 * those cursors held them back.
 */
export function groupTarget({ db, events, receipts }: { db: Database; events: GroupEvents; receipts: GroupReceiptsRecorder }) {
  return (groupId: string, mentions: readonly string[]): SendTarget => {
    /** Whether the send moved cursors that held the group's receipts back (its sender's, moved as it is stored). */
    let settleAfter = false;
    return {
      id: groupId,
      checkReply: async () => null,
      async admitMedia(senderId) {
        await requireMayPost(db, groupId, senderId);
        return null;
      },
      async store(message) {
        const { message: stored, stored: inserted, settle } = await insertGroupMessage(db, { ...message, mentions });
        settleAfter = settle;
        return { status: inserted ? 'stored' : 'duplicate', message: stored };
      },
      async deliver(message, originSocketId) {
        await events.message(message, originSocketId);
        if (settleAfter) receipts.settle(groupId);
      },
    };
  };
}

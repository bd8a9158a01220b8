import type { Bus } from '@chat/bus';
import { subjects, type GroupEvent, type GroupReceipts, type UserEvent } from '@chat/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { ChatMessage } from '../conversations/messages.js';
import type { GroupReceiptsRecorder } from './group-receipts.js';

/**
 * What the group's members' sockets hear, through the gateways: one publish on the group's subject
 * per message, whatever its size; and to each person added or removed, on their own subject, that
 * their membership changed (the gateway holding them starts or stops listening to the group).
 * Live delivery is best effort, as a conversation's: the history has everything.
 */
export function groupEvents({ bus, log }: { bus: Bus; log: FastifyBaseLogger }) {
  const publish = async (subject: string, event: GroupEvent | UserEvent) => {
    try {
      await bus.publish(subject, JSON.stringify(event));
    } catch (error) {
      log.error({ err: error, subject }, 'could not publish a group event');
    }
  };
  return {
    message: (message: ChatMessage, originSocketId?: string) =>
      publish(subjects.groupEvents(message.receiverId), { event: 'newMessage', payload: message, originSocketId }),
    /** Every member has its messages up to one id, and read them up to another: told once to all. */
    receipts: (receipts: GroupReceipts) => publish(subjects.groupEvents(receipts.groupId), { event: 'groupReceipts', payload: receipts }),
    /** A message of the group edited, reacted to or deleted. */
    updated: (message: ChatMessage) => publish(subjects.groupEvents(message.receiverId), { event: 'messageUpdated', payload: message }),
    /** After the line saying so (theirs to keep): then their sockets stop hearing the group, before any later message. */
    removed: async (groupId: string, userIds: string[]) => {
      await publish(subjects.groupEvents(groupId), { event: 'membersRemoved', payload: { groupId, userIds } });
      await Promise.all(
        userIds.map((userId) => publish(subjects.userEvents(userId), { event: 'groupChanged', payload: { groupId, member: false } })),
      );
    },
    added: (groupId: string, userIds: string[]) =>
      Promise.all(
        userIds.map((userId) => publish(subjects.userEvents(userId), { event: 'groupChanged', payload: { groupId, member: true } })),
      ),
  };
}
export type GroupEvents = ReturnType<typeof groupEvents>;

/**
 * Someone left or was removed (or deleted their account): the lines saying so, then their sockets
 * out of the group (before any later message), then the group's receipts settled without them.
 */
export async function announceDeparture(
  { events, receipts }: { events: GroupEvents; receipts: GroupReceiptsRecorder },
  groupId: string,
  userId: string,
  lines: readonly ChatMessage[],
): Promise<void> {
  for (const line of lines) await events.message(line);
  await events.removed(groupId, [userId]);
  await receipts.settle(groupId);
}

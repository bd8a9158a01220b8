import type { Bus } from '@chat/bus';
import { subjects, type GroupEvent, type GroupReceipts, type UserEvent } from '@chat/contracts';
import { outbox, type OutboxRelay, type Queryable } from '@chat/database';
import type { FastifyBaseLogger } from 'fastify';
import type { ChatMessage } from '../conversations/messages.js';
import type { GroupReceiptsRecorder } from './group-receipts.js';

/**
 * What the group's members' sockets hear, through the gateways: one publish on the group's subject
 * per message, whatever its size. Live delivery is best effort, as a conversation's: the history has
 * everything. (Who joins and leaves goes through the membership outbox below.)
 */
export function groupEvents({ bus, log }: { bus: Bus; log: FastifyBaseLogger }) {
  const publish = async (subject: string, event: GroupEvent) => {
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
  };
}
export type GroupEvents = ReturnType<typeof groupEvents>;

/**
 * Who joins and leaves a group: the lines saying so and what the gateways act on, written in the
 * transaction that changes the members and published once it commits (a stopped process or a bus
 * that was down loses none of them: its relay publishes them later). Live events: heard twice, they
 * mean the same (a line already shown, a socket already in or out).
 */
export const membershipOutbox = outbox('membership_outbox', { live: true });

/**
 * In the transaction changing who is in the group: those added hear first that they are in it (the
 * gateways holding them start listening), then the lines; those removed hear the lines (theirs to
 * keep), then their sockets leave the group, before any later message, and then that they are out.
 */
export async function enqueueMembership(
  tx: Queryable,
  groupId: string,
  { lines, added = [], removed = [] }: { lines: readonly ChatMessage[]; added?: readonly string[]; removed?: readonly string[] },
): Promise<void> {
  const toUser = (userId: string, member: boolean) => ({
    subject: subjects.userEvents(userId),
    payload: { event: 'groupChanged', payload: { groupId, member } } satisfies UserEvent,
  });
  const toGroup = (payload: GroupEvent) => ({ subject: subjects.groupEvents(groupId), payload });
  await membershipOutbox.enqueueAll(tx, [
    ...added.map((userId) => toUser(userId, true)),
    ...lines.map((line) => toGroup({ event: 'newMessage', payload: line })),
    ...(removed.length > 0 ? [toGroup({ event: 'membersRemoved', payload: { groupId, userIds: [...removed] } })] : []),
    ...removed.map((userId) => toUser(userId, false)),
  ]);
}

/** Publishes the membership events just committed before the request is answered; a bus that is down fails nothing (the relay retries). */
export async function publishMembership(relay: OutboxRelay, log: FastifyBaseLogger): Promise<void> {
  await relay.flush().catch((error: unknown) => log.warn({ err: error }, 'membership events wait in their outbox: the bus refused them'));
}

/**
 * Someone left or was removed (or deleted their account): the lines saying so and their sockets out
 * of the group, as committed (before any later message), then the group's receipts settled without them.
 */
export async function announceDeparture(
  { relay, receipts, log }: { relay: OutboxRelay; receipts: GroupReceiptsRecorder; log: FastifyBaseLogger },
  groupId: string,
): Promise<void> {
  await publishMembership(relay, log);
  receipts.settle(groupId);
}

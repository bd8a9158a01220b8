import type { Bus } from '@chat/bus';
import { subjects } from '@chat/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { ChatMessage } from './messages.js';

/**
 * Publishes an event about `message` for its sender's and its receiver's sockets (each a
 * serialized UserEvent: the same one, or each person's view). Live delivery is best effort: the
 * history has the message either way, so a failure is logged as `failure`, not thrown.
 */
export async function publishToBoth(
  { bus, log }: { bus: Bus; log: FastifyBaseLogger },
  message: ChatMessage,
  payloads: { toSender: string; toReceiver: string },
  failure: string,
): Promise<void> {
  try {
    await Promise.all([
      bus.publish(subjects.userEvents(message.receiverId), payloads.toReceiver),
      bus.publish(subjects.userEvents(message.senderId), payloads.toSender),
    ]);
  } catch (error) {
    log.error({ err: error, messageId: message._id }, failure);
  }
}

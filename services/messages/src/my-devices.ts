import type { Bus } from '@chat/bus';
import { subjects, type UserEvent } from '@chat/contracts';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Tells every socket of `userId` (each tab and device of theirs) of a change they made to their
 * own settings. Best effort, as live delivery is: their next inbox or settings load has it anyway.
 */
export async function tellMyDevices({ bus, log }: { bus: Bus; log: FastifyBaseLogger }, userId: string, event: UserEvent): Promise<void> {
  try {
    await bus.publish(subjects.userEvents(userId), JSON.stringify(event));
  } catch (error) {
    log.error({ err: error, event: event.event }, 'could not tell the user’s devices');
  }
}

import { busPayloadReader, type Bus, type Subscription } from '@chat/bus';
import { type Database } from '@chat/database';
import { subjects, UserUpsertedSchema } from '@chat/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { upsertContact } from './contacts.js';

const readUserUpserted = busPayloadReader(UserUpsertedSchema);

/** The durable consumer every messages replica shares: each event is projected once, in order. */
const CONSUMER = 'messages-contacts';

/** Keeps the contacts table in step with the auth service's users.upserted events. */
export function projectContacts(bus: Bus, db: Database, log: FastifyBaseLogger): Promise<Subscription> {
  return bus.consumeEvents(subjects.usersUpserted, CONSUMER, async (payload) => {
    const event = readUserUpserted(payload);
    if (!event) {
      log.warn({ subject: subjects.usersUpserted }, 'ignored a malformed users.upserted event');
      return;
    }
    await upsertContact(db, { _id: event._id, fullName: event.fullName, profilePic: event.profilePic }, event.settings);
  });
}

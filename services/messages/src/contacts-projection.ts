import type { Bus, Database, Subscription } from '@chat/common';
import { subjects, UserUpsertedSchema } from '@chat/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { Compile } from 'typebox/compile';
import { upsertContact } from './contacts.js';

const UserUpserted = Compile(UserUpsertedSchema);

/** The durable consumer every messages replica shares: each event is projected once, in order. */
const CONSUMER = 'messages-contacts';

/** Keeps the contacts table in step with the auth service's users.upserted events. */
export function projectContacts(bus: Bus, db: Database, log: FastifyBaseLogger): Promise<Subscription> {
  return bus.consumeEvents(subjects.usersUpserted, CONSUMER, async (payload) => {
    let event: unknown;
    try {
      event = JSON.parse(payload);
    } catch {
      event = undefined;
    }
    if (!UserUpserted.Check(event)) {
      log.warn({ subject: subjects.usersUpserted }, 'ignored a malformed users.upserted event');
      return;
    }
    await upsertContact(db, { _id: event._id, fullName: event.fullName, profilePic: event.profilePic });
  });
}

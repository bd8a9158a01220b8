import { busPayloadReader, type Bus, type Subscription } from '@chat/bus';
import type { Database, OutboxRelay } from '@chat/database';
import { DELETED_USER_NAME, subjects, UserDeletedSchema, UserUpsertedSchema, type ContactChanged } from '@chat/contracts';
import type { BlobStore } from '@chat/blobs';
import type { BlockedPairs } from '@chat/presence';
import type { FastifyBaseLogger } from 'fastify';
import { upsertContact } from './contacts.js';
import { forgetUser } from './deleted-users.js';
import { leaveEveryGroup } from '../groups/group-admin.js';
import { announceDeparture } from '../groups/group-events.js';
import type { Receipts } from '../receipts/receipts.js';

const readUserUpserted = busPayloadReader(UserUpsertedSchema);
const readUserDeleted = busPayloadReader(UserDeletedSchema);

/** The durable consumers every messages replica shares: each event is projected once, in order. */
const CONSUMER = 'messages-contacts';
const DELETIONS_CONSUMER = 'messages-deleted-users';

/**
 * Keeps the contacts table in step with the auth service's users.upserted events, and forgets
 * the users of its users.deleted events (who leave their groups).
 */
export async function projectContacts(
  deps: {
    bus: Bus;
    db: Database;
    blobs: BlobStore;
    blockedPairs: BlockedPairs;
    receipts: Receipts;
    /** Publishes the groups' lines saying they left, as committed. */
    membership: OutboxRelay;
    contactMade(userId: string): void;
  },
  log: FastifyBaseLogger,
): Promise<Subscription> {
  const { bus, db } = deps;
  /** Those who have the user on screen see the change at once; anyone else reads it with their next page. */
  const announce = (change: ContactChanged) =>
    bus.publish(subjects.contactsChanged, JSON.stringify(change)).catch((error: unknown) => {
      log.warn({ err: error, userId: change._id }, 'could not announce a changed contact');
    });
  const upserts = await bus.consumeEvents(subjects.usersUpserted, CONSUMER, async (payload) => {
    const event = readUserUpserted(payload);
    if (!event) {
      log.warn({ subject: subjects.usersUpserted }, 'ignored a malformed users.upserted event');
      return;
    }
    const card = { _id: event._id, fullName: event.fullName, profilePic: event.profilePic };
    const changed = await upsertContact(db, { ...card, about: event.about }, event.settings);
    // A user may come online before their contact is made here (they sign up, then connect): a
    // list that showed everyone and asked again at once may have missed them, and learns of them now.
    deps.contactMade(event._id);
    // Not awaited: the event's acknowledgement goes as soon as the contact is kept.
    if (changed) void announce(card);
  });
  const deletions = await bus.consumeEvents(subjects.usersDeleted, DELETIONS_CONSUMER, async (payload) => {
    const event = readUserDeleted(payload);
    if (!event) {
      log.warn({ subject: subjects.usersDeleted }, 'ignored a malformed users.deleted event');
      return;
    }
    await forgetUser(deps, event._id);
    // Their groups are told they left, as a member leaving is.
    for (const groupId of await leaveEveryGroup(db, event._id)) {
      await announceDeparture({ relay: deps.membership, receipts: deps.receipts.groups, log }, groupId);
    }
    await announce({ _id: event._id, fullName: DELETED_USER_NAME, profilePic: '', accountDeleted: true });
  });
  return {
    unsubscribe() {
      upserts.unsubscribe();
      deletions.unsubscribe();
    },
  };
}

import { busPayloadReader, type Bus } from '@chat/bus';
import { ContactSchema, subjects } from '@chat/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { ChatServer, ChatSocket } from './chat-server.js';
import { emitFramed } from './framed-emit.js';

const readContact = busPayloadReader(ContactSchema);

/**
 * A new name or picture reaches, at once, the sockets of this replica that have its owner on screen
 * (as their presence does): one frame for all of them. Everyone else reads it with their next page.
 */
export function relayContactChanges(io: ChatServer, bus: Bus, audienceOf: (userId: string) => ChatSocket[], log: FastifyBaseLogger) {
  const subscription = bus.subscribe(subjects.contactsChanged, (payload) => {
    const contact = readContact(payload);
    if (!contact) {
      log.warn({ subject: subjects.contactsChanged }, 'ignored a malformed contact change');
      return;
    }
    emitFramed(io, audienceOf(contact._id), 'contactChanged', { _id: contact._id, fullName: contact.fullName, profilePic: contact.profilePic });
  });
  return { stop: () => subscription.unsubscribe() };
}

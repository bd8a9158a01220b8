import { busPayloadReader, type Bus } from '@chat/bus';
import { ContactChangedSchema, subjects } from '@chat/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { ChatServer, ChatSocket } from './chat-server.js';
import { emitFramed } from './framed-emit.js';

const readChange = busPayloadReader(ContactChangedSchema);

/**
 * A new name or picture, or an account deleted, reaches, at once, the sockets of this replica that have its owner on screen
 * (as their presence does): one frame for all of them. Everyone else reads it with their next page.
 */
export function relayContactChanges(io: ChatServer, bus: Bus, audienceOf: (userId: string) => ChatSocket[], log: FastifyBaseLogger) {
  const subscription = bus.subscribe(subjects.contactsChanged, (payload) => {
    const change = readChange(payload);
    if (!change) {
      log.warn({ subject: subjects.contactsChanged }, 'ignored a malformed contact change');
      return;
    }
    const { _id, fullName, profilePic, accountDeleted } = change;
    emitFramed(io, audienceOf(_id), 'contactChanged', { _id, fullName, profilePic, ...(accountDeleted ? { accountDeleted } : {}) });
  });
  return { stop: () => subscription.unsubscribe() };
}

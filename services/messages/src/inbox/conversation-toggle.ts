import type { routes, UserEvent } from '@chat/contracts';
import { fromContract } from '@chat/kernel';
import type { Queryable } from '@chat/database';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireContact } from '../contacts/contacts.js';
import { membershipOf } from '../groups/groups.js';
import type { MessagesRouteOptions } from '../deps.js';
import { tellMyDevices } from '../my-devices.js';
import { limitPerUser } from '../per-user-limit.js';

/** A setting of mine on one conversation that is on or off (pinned, archived). */
export interface ConversationToggle {
  /** The contract's routes that turn it on and off: `POST /messages/<verb>/:id`, 204 either way. */
  on: ToggleRoute;
  off: ToggleRoute;
  /** Its per-user limit's name, and what a request past it is told. */
  limit: { name: string; message: string };
  /** Turns it on or off in the database (or refuses, throwing an HttpError). */
  apply(db: Queryable, userId: string, peerId: string, on: boolean): Promise<void>;
  /** The same for a group I am or was in: my row of its members. */
  applyToGroup(db: Queryable, userId: string, groupId: string, on: boolean): Promise<void>;
  /** What my devices are told, so each shows it at once. */
  event(peerId: string, on: boolean): UserEvent;
}

type App = Parameters<FastifyPluginAsyncTypebox<MessagesRouteOptions>>[0];
type ToggleRoute = (typeof routes)[
  'pinConversation' | 'unpinConversation' | 'archiveConversation' | 'unarchiveConversation' | 'markUnread' | 'unmarkUnread'];

/**
 * The two routes of a toggle, for a person or a group (by its id). Anyone known may be named,
 * someone who deleted their account too: their conversation stays; a group I am or was in.
 */
export function registerConversationToggle(app: App, options: MessagesRouteOptions, toggle: ConversationToggle): void {
  const { db, bus } = options;
  const limit = limitPerUser(app, { ...toggle.limit, perMinute: options.rateLimits.messagesPerMinutePerUser });
  for (const on of [true, false]) {
    app.route({
      ...fromContract(on ? toggle.on : toggle.off),
      preHandler: [app.requireUser, limit],
      handler: async (request, reply) => {
        const { id } = request.params;
        if (await membershipOf(db, id, request.userId)) {
          await toggle.applyToGroup(db, request.userId, id, on);
        } else {
          await requireContact(db, id, { orDeleted: true });
          await toggle.apply(db, request.userId, id, on);
        }
        await tellMyDevices({ bus, log: app.log }, request.userId, toggle.event(request.params.id, on));
        return reply.status(204).send();
      },
    });
  }
}

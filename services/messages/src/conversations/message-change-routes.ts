import { badRequest, forbidden, notFound, fromContract } from '@chat/kernel';
import { EDIT_WINDOW_MINUTES, GROUP_ERRORS, isSingleEmoji, type UserEvent, routes, MESSAGE_ERRORS, TOO_FAST_ERRORS } from '@chat/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireNoBlockOverMessage } from '../blocks/blocks.js';
import type { MessagesRouteOptions } from '../deps.js';
import { groupEvents } from '../groups/group-events.js';
import { deleteMessage, editMessage, keysNoLongerCarried, reactToMessage, type ChatMessage } from './messages.js';
import { requireTextWithinLimit } from './message-text.js';
import { limitPerUser } from '../per-user-limit.js';
import { setPinned } from './pinned-messages.js';
import { publishToBoth } from './publish-to-both.js';
import { hideReadsFrom, sendsReadReceipts } from '../receipts/receipts.js';

/** Changing a message after it was sent: its author edits its text or deletes it for everyone (in a group, an admin deletes anyone's too); either person, or any member, reacts and pins it. */
export const messageChangeRoutes: FastifyPluginAsyncTypebox<MessagesRouteOptions> = async (app, options) => {
  const { db, bus, blobs } = options;
  const toGroup = groupEvents({ bus, log: app.log });

  /** Both people see the change on every tab, the author as they see their own messages; a group's members, on its subject. */
  const tellBoth = (message: ChatMessage, authorView: ChatMessage) => {
    if (message.groupId) return toGroup.updated(message);
    const event = (changed: ChatMessage): string => JSON.stringify({ event: 'messageUpdated', payload: changed } satisfies UserEvent);
    return publishToBoth(
      { bus, log: app.log },
      message,
      { toSender: event(authorView), toReceiver: event(message) },
      'could not publish a changed message',
    );
  };

  /** An author without read receipts sees no readAt on their own messages. */
  const asAuthorSees = async (message: ChatMessage) =>
    (await sendsReadReceipts(db, message.senderId)) ? message : hideReadsFrom(message.senderId)(message);

  app.route({
    ...fromContract(routes.editMessage),
    preHandler: app.requireUser,
    handler: async (request) => {
      const text = request.body.text.trim();
      if (!text) throw badRequest(MESSAGE_ERRORS.emptyText);
      requireTextWithinLimit(text);
      await requireNoBlockOverMessage(db, request.userId, request.params.messageId);
      const outcome = await editMessage(db, {
        messageId: request.params.messageId,
        userId: request.userId,
        text,
        windowMinutes: EDIT_WINDOW_MINUTES,
      });
      if (outcome.status === 'not-found') throw notFound(MESSAGE_ERRORS.notFound);
      if (outcome.status === 'not-author') throw forbidden(MESSAGE_ERRORS.editOthers);
      if (outcome.status === 'deleted') throw forbidden(MESSAGE_ERRORS.editDeleted);
      if (outcome.status === 'no-text') throw forbidden(MESSAGE_ERRORS.editWithoutText);
      if (outcome.status === 'too-late') throw forbidden(`A message can only be edited within ${EDIT_WINDOW_MINUTES} minutes of sending`);
      const { message } = outcome;
      const authorView = await asAuthorSees(message);
      if (outcome.status === 'edited') await tellBoth(message, authorView);
      return authorView;
    },
  });

  app.route({
    ...fromContract(routes.deleteMessage),
    preHandler: app.requireUser,
    handler: async (request) => {
      const outcome = await deleteMessage(db, { messageId: request.params.messageId, userId: request.userId });
      if (outcome.status === 'not-found') throw notFound(MESSAGE_ERRORS.notFound);
      if (outcome.status === 'not-author') throw forbidden(MESSAGE_ERRORS.deleteOthers);
      const { message, image, file } = outcome;
      // What a forward of it still carries stays stored.
      const keys = await keysNoLongerCarried(db, [{ image, file }]);
      // The message no longer shows them; anything left behind would only be a leak of what was deleted.
      await Promise.all(keys.map((key) => blobs.delete(key))).catch((error: unknown) =>
        app.log.error({ err: error, messageId: message._id }, 'could not remove a deleted message’s image or file'),
      );
      const authorView = await asAuthorSees(message);
      if (outcome.status === 'deleted') await tellBoth(message, authorView);
      return authorView;
    },
  });

  // Each toggle reaches the other person's every tab: reacting is held to the same pace as sending.
  const reactLimit = limitPerUser(app, {
    name: 'react-user',
    perMinute: options.rateLimits.messagesPerMinutePerUser,
    message: TOO_FAST_ERRORS.reactions,
  });

  app.route({
    ...fromContract(routes.reactToMessage),
    preHandler: [app.requireUser, reactLimit],
    handler: async (request) => {
      const { emoji } = request.body;
      if (!isSingleEmoji(emoji)) throw badRequest(MESSAGE_ERRORS.reactionNotEmoji);
      await requireNoBlockOverMessage(db, request.userId, request.params.messageId);
      const outcome = await reactToMessage(db, { messageId: request.params.messageId, userId: request.userId, emoji });
      if (outcome.status === 'not-found') throw notFound(MESSAGE_ERRORS.notFound);
      if (outcome.status === 'deleted') throw forbidden(MESSAGE_ERRORS.reactToDeleted);
      const { message } = outcome;
      const authorView = await asAuthorSees(message);
      await tellBoth(message, authorView);
      return request.userId === message.senderId ? authorView : message;
    },
  });

  // A pin reaches everyone in the chat, as a reaction does, and is held to the same pace.
  const pinLimit = limitPerUser(app, {
    name: 'pin-message-user',
    perMinute: options.rateLimits.messagesPerMinutePerUser,
    message: TOO_FAST_ERRORS.pins,
  });

  for (const [route, pinned] of [
    [routes.pinMessage, true],
    [routes.unpinMessage, false],
  ] as const) {
    app.route({
      ...fromContract(route),
      preHandler: [app.requireUser, pinLimit],
      handler: async (request) => {
        await requireNoBlockOverMessage(db, request.userId, request.params.messageId);
        const outcome = await setPinned(db, { messageId: request.params.messageId, userId: request.userId, pinned });
        if (outcome.status === 'not-found') throw notFound(MESSAGE_ERRORS.notFound);
        if (outcome.status === 'deleted') throw forbidden(MESSAGE_ERRORS.pinDeleted);
        if (outcome.status === 'admins-only') throw forbidden(GROUP_ERRORS.onlyAdminsPin);
        const views = await Promise.all(outcome.changed.map(async (message) => ({ message, authorView: await asAuthorSees(message) })));
        for (const { message, authorView } of views) await tellBoth(message, authorView);
        const asked = views[0]!;
        return request.userId === asked.message.senderId ? asked.authorView : asked.message;
      },
    });
  }
};

import { routes, TOO_FAST_ERRORS } from '@chat/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { registerConversationToggle } from './conversation-toggle.js';
import type { MessagesRouteOptions } from '../deps.js';
import { pinConversation, unpinConversation } from './pins.js';
import { pinGroup, unpinGroup } from '../groups/group-inbox-state.js';

/** Pinning a conversation to the top of my inbox: kept with my conversations, so every device of mine shows it. */
export const pinRoutes: FastifyPluginAsyncTypebox<MessagesRouteOptions> = async (app, options) =>
  registerConversationToggle(app, options, {
    on: routes.pinConversation,
    off: routes.unpinConversation,
    limit: { name: 'pin-conversation', message: TOO_FAST_ERRORS.pins },
    apply: (db, userId, peerId, pinned) => (pinned ? pinConversation : unpinConversation)(db, userId, peerId),
    applyToGroup: (db, userId, groupId, pinned) => (pinned ? pinGroup : unpinGroup)(db, userId, groupId),
    event: (peerId, pinned) => ({ event: 'conversationPinned', payload: { userId: peerId, pinned } }),
  });

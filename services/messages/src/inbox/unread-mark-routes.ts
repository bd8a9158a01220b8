import { routes, TOO_FAST_ERRORS } from '@chat/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { registerConversationToggle } from './conversation-toggle.js';
import type { MessagesRouteOptions } from '../deps.js';
import { markUnread } from './unread-marks.js';
import { markGroupUnread } from '../groups/group-inbox-state.js';

/** Marking a conversation unread to come back to it: kept with it, so every device of mine shows it until I open it. */
export const unreadMarkRoutes: FastifyPluginAsyncTypebox<MessagesRouteOptions> = async (app, options) =>
  registerConversationToggle(app, options, {
    on: routes.markUnread,
    off: routes.unmarkUnread,
    limit: { name: 'mark-unread', message: TOO_FAST_ERRORS.unreadMarks },
    apply: markUnread,
    applyToGroup: markGroupUnread,
    event: (peerId, markedUnread) => ({ event: 'conversationMarkedUnread', payload: { userId: peerId, markedUnread } }),
  });

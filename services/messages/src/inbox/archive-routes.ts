import { routes, TOO_FAST_ERRORS } from '@chat/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { archiveConversation, unarchiveConversation } from './archive.js';
import { registerConversationToggle } from './conversation-toggle.js';
import { archiveGroup, unarchiveGroup } from '../groups/group-inbox-state.js';
import type { MessagesRouteOptions } from '../deps.js';

/** The archive: conversations I moved out of my inbox, kept with them so every device of mine shows it. */
export const archiveRoutes: FastifyPluginAsyncTypebox<MessagesRouteOptions> = async (app, options) =>
  registerConversationToggle(app, options, {
    on: routes.archiveConversation,
    off: routes.unarchiveConversation,
    limit: { name: 'archive-conversation', message: TOO_FAST_ERRORS.archives },
    apply: (db, userId, peerId, archived) => (archived ? archiveConversation : unarchiveConversation)(db, userId, peerId),
    applyToGroup: (db, userId, groupId, archived) => (archived ? archiveGroup : unarchiveGroup)(db, userId, groupId),
    event: (peerId, archived) => ({ event: 'conversationArchived', payload: { userId: peerId, archived } }),
  });

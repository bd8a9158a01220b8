import { API_PREFIX } from '@chat/contracts';
import { gaugeOutboxWait, migrate } from '@chat/database';
import { limitKeys, registerRateLimiting } from '@chat/rate-limits';
import { sessions } from '@chat/sessions';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { blockRoutes } from './blocks/block-routes.js';
import { serveCalls } from './calls/call-commands.js';
import { announceBlocks } from './blocks/blocks.js';
import { contactRoutes } from './contacts/contact-routes.js';
import { projectContacts } from './contacts/contacts-projection.js';
import { indexUnindexedNames } from './contacts/contacts.js';
import { mirrorOnlineContacts } from './contacts/online-contacts.js';
import { conversationRoutes } from './conversations/conversation-routes.js';
import { messageChangeRoutes } from './conversations/message-change-routes.js';
import { serveRelayedSends } from './conversations/relayed-sends.js';
import { createSendAs } from './conversations/send-message.js';
import { sharedRoutes } from './conversations/shared-routes.js';
import type { MessagesServiceOptions } from './deps.js';
import { exportRoutes } from './export/export-routes.js';
import { membershipOutbox, publishMembership } from './groups/group-events.js';
import { groupRoutes } from './groups/group-routes.js';
import { serveGroupsOf } from './groups/groups-of.js';
import { hiddenMessageRoutes } from './hidden-messages/hidden-message-routes.js';
import { archiveRoutes } from './inbox/archive-routes.js';
import { muteRoutes } from './inbox/mute-routes.js';
import { pinRoutes } from './inbox/pin-routes.js';
import { unreadMarkRoutes } from './inbox/unread-mark-routes.js';
import { linkPreviewRoutes } from './link-previews/link-preview-routes.js';
import { mediaRoutes } from './media/media-routes.js';
import { storageRoutes } from './media/storage-routes.js';
import { messagesMigrations } from './migrations.js';
import { filesLimit, sendLimit } from './per-user-limit.js';
import { recordGatewayReports } from './receipts/gateway-reports.js';
import { createReceipts } from './receipts/receipts.js';
import { DEFAULT_SEARCH_INDEX, startSearchIndexer } from './search/search-index.js';
import { searchRoutes } from './search/search-routes.js';
import { starRoutes } from './stars/star-routes.js';

/**
 * The messages service, under /api/messages and /api/media. At start: its migrations, the blocked
 * pairs copied to the presence store, the contacts projection (auth's users.upserted and
 * users.deleted), the online flags mirrored from presence, the receipts the gateways report, and the
 * search indexer. Then each feature folder's routes: contacts and the inbox, conversations (history,
 * sends, edits, reactions, shared media), groups, search, blocks, pins, mutes, the archive, unread marks,
 * stars, messages hidden for me, export, storage and media. Texts sent over a socket come as bus
 * requests (relayed sends) and take the same send as HTTP, counted in the same per-user budget; so
 * do the sockets' call commands (calls).
 */
export const messagesService: FastifyPluginAsyncTypebox<MessagesServiceOptions> = async (app, options) => {
  const applied = await migrate(options.db, 'messages', messagesMigrations);
  // Names became searchable in migration 2: the contacts made before it get their words once.
  if (applied.includes(2)) await indexUnindexedNames(options.db);
  await announceBlocks(options.db, options.blockedPairs);
  const onlineContacts = mirrorOnlineContacts(options.db, options.presence, app.log, options.onlineContacts);
  await onlineContacts.reconcile();
  const receipts = createReceipts({ db: options.db, bus: options.bus, log: app.log });
  const membership = membershipOutbox.startRelay(options.db, options.bus, app.log);
  gaugeOutboxWait(
    membership,
    app.metrics,
    'chat_membership_outbox_oldest_wait_seconds',
    'How long the oldest of the groups’ membership events has waited in its outbox for the bus',
  );
  // Those left by an earlier run (the bus was down, or the process stopped) go out at start.
  app.addHook('onReady', async () => publishMembership(membership, app.log));
  const projection = await projectContacts({ ...options, receipts, membership, contactMade: onlineContacts.recheck }, app.log);
  const reports = await recordGatewayReports(options.bus, options.db, receipts, app.log);
  const searchIndexer = startSearchIndexer(options.db, app.log, app.metrics, { ...DEFAULT_SEARCH_INDEX, ...options.searchIndex });
  app.addHook('onClose', async () => {
    membership.stop();
    projection.unsubscribe();
    reports.unsubscribe();
    receipts.groups.stop();
    await Promise.all([searchIndexer.stop(), onlineContacts.stop()]);
  });
  const { jwtSecret, cookieSecure, revocations } = options;
  await app.register(sessions, { jwtSecret, cookieSecure, revocations });
  await registerRateLimiting(app, options.rateLimitStore, 'batched');
  // One count of a user's sends, over HTTP and from their sockets; one of their files and pictures.
  const sendCount = limitKeys(app, sendLimit(options.rateLimits));
  const filesCount = limitKeys(app, filesLimit(options.rateLimits));
  const sendAs = createSendAs({
    ...options,
    receipts,
    log: app.log,
    metrics: app.metrics,
    media: { count: filesCount, quotaBytes: options.rateLimits.storageBytesPerUser },
  });
  const relayedSends = serveRelayedSends(options.bus, { sendAs, limit: sendCount });
  const groupsOf = serveGroupsOf(options.bus, options.db);
  const calls = serveCalls({ db: options.db, bus: options.bus, log: app.log, timings: options.calls });
  app.addHook('onClose', async () => {
    relayedSends.unsubscribe();
    groupsOf.unsubscribe();
    await calls.stop();
  });
  await app.register(contactRoutes, { ...options, receipts, prefix: API_PREFIX });
  await app.register(conversationRoutes, { ...options, receipts, sendAs, sendCount, filesCount, membership, prefix: API_PREFIX });
  await app.register(groupRoutes, { ...options, receipts, sendAs, sendCount, filesCount, membership, prefix: API_PREFIX });
  await app.register(messageChangeRoutes, { ...options, receipts, prefix: API_PREFIX });
  await app.register(searchRoutes, { ...options, receipts, prefix: API_PREFIX });
  await app.register(blockRoutes, { ...options, receipts, prefix: API_PREFIX });
  await app.register(pinRoutes, { ...options, receipts, prefix: API_PREFIX });
  await app.register(muteRoutes, { ...options, receipts, prefix: API_PREFIX });
  await app.register(archiveRoutes, { ...options, receipts, prefix: API_PREFIX });
  await app.register(unreadMarkRoutes, { ...options, receipts, prefix: API_PREFIX });
  await app.register(starRoutes, { ...options, receipts, prefix: API_PREFIX });
  await app.register(hiddenMessageRoutes, { ...options, receipts, prefix: API_PREFIX });
  await app.register(sharedRoutes, { ...options, receipts, prefix: API_PREFIX });
  await app.register(exportRoutes, { ...options, receipts, prefix: API_PREFIX });
  await app.register(storageRoutes, { ...options, receipts, prefix: API_PREFIX });
  await app.register(mediaRoutes, { ...options, prefix: API_PREFIX });
  await app.register(linkPreviewRoutes, { ...options, receipts, prefix: API_PREFIX });
};

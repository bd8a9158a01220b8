import { API_PREFIX } from '@chat/contracts';
import { migrate } from '@chat/database';
import { limitKeys, registerRateLimiting } from '@chat/rate-limits';
import { sessions } from '@chat/sessions';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { announceBlocks } from './blocks.js';
import { projectContacts } from './contacts-projection.js';
import { indexUnindexedNames } from './contacts.js';
import type { MessagesServiceOptions } from './deps.js';
import { recordGatewayReports } from './gateway-reports.js';
import { messagesMigrations } from './migrations.js';
import { mirrorOnlineContacts } from './online-contacts.js';
import { filesLimit, sendLimit } from './per-user-limit.js';
import { serveRelayedSends } from './relayed-sends.js';
import { archiveRoutes } from './routes/archive.js';
import { blockRoutes } from './routes/blocks.js';
import { contactRoutes } from './routes/contacts.js';
import { storageRoutes } from './routes/storage.js';
import { exportRoutes } from './routes/export.js';
import { hiddenMessageRoutes } from './routes/hidden-messages.js';
import { conversationRoutes } from './routes/conversations.js';
import { mediaRoutes } from './routes/media.js';
import { messageChangeRoutes } from './routes/message-changes.js';
import { muteRoutes } from './routes/mutes.js';
import { pinRoutes } from './routes/pins.js';
import { searchRoutes } from './routes/search.js';
import { sharedRoutes } from './routes/shared.js';
import { starRoutes } from './routes/stars.js';
import { unreadMarkRoutes } from './routes/unread-marks.js';
import { createReceipts } from './receipts.js';
import { DEFAULT_SEARCH_INDEX, startSearchIndexer } from './search-index.js';
import { createSendAs } from './send-message.js';

/** The messages service: contacts, history, sending and stored images. Under /api/messages and /api/media. */
export const messagesService: FastifyPluginAsyncTypebox<MessagesServiceOptions> = async (app, options) => {
  const applied = await migrate(options.db, 'messages', messagesMigrations);
  // Names became searchable in migration 2: the contacts made before it get their words once.
  if (applied.includes(2)) await indexUnindexedNames(options.db);
  await announceBlocks(options.db, options.blockedPairs);
  const onlineContacts = mirrorOnlineContacts(options.db, options.presence, app.log, options.onlineContacts);
  await onlineContacts.reconcile();
  const projection = await projectContacts({ ...options, contactMade: onlineContacts.recheck }, app.log);
  const receipts = createReceipts({ db: options.db, bus: options.bus, log: app.log });
  const reports = await recordGatewayReports(options.bus, options.db, receipts, app.log);
  const searchIndexer = startSearchIndexer(options.db, app.log, { ...DEFAULT_SEARCH_INDEX, ...options.searchIndex });
  app.addHook('onClose', async () => {
    projection.unsubscribe();
    reports.unsubscribe();
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
    log: app.log,
    metrics: app.metrics,
    media: { count: filesCount, quotaBytes: options.rateLimits.storageBytesPerUser },
  });
  const relayedSends = serveRelayedSends(options.bus, { sendAs, limit: sendCount });
  app.addHook('onClose', async () => relayedSends.unsubscribe());
  await app.register(contactRoutes, { ...options, receipts, prefix: API_PREFIX });
  await app.register(conversationRoutes, { ...options, receipts, sendAs, sendCount, filesCount, prefix: API_PREFIX });
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
};

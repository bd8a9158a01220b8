export type { MessagesServiceOptions } from './deps.js';
export { messagesService } from './plugin.js';
export { messagesMigrations } from './migrations.js';
export { buildMessagesApp } from './app.js';
export { linkFetchPolicy } from './link-previews/safe-fetch.js';

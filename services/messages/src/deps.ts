import type { BlobStore } from '@chat/blobs';
import type { Bus } from '@chat/bus';
import type { Database, OutboxRelay } from '@chat/database';
import type { CallTimings, RateLimits } from '@chat/kernel';
import type { BlockedPairs, Presence } from '@chat/presence';
import type { KeyLimiter, RateLimitStore } from '@chat/rate-limits';
import type { SessionRevocations } from '@chat/sessions';
import type { Receipts } from './receipts/receipts.js';
import type { OnlineContactsOptions } from './contacts/online-contacts.js';
import type { SearchIndexSettings } from './search/search-index.js';
import type { SendAs } from './conversations/send-message.js';
import type { FetchPolicy } from './link-previews/safe-fetch.js';

export interface MessagesServiceOptions {
  db: Database;
  bus: Bus;
  blobs: BlobStore;
  /** The gateways' copy of who blocked whom: written on every change, and whole at start. */
  blockedPairs: BlockedPairs;
  /** Who is online, as the gateways register them: kept in contacts.online for "Show online only". */
  presence: Presence;
  revocations: SessionRevocations;
  jwtSecret: string;
  cookieSecure: boolean;
  rateLimits: Pick<RateLimits, 'messagesPerMinutePerUser' | 'messagesPerMinutePerGroup' | 'filesPerMinutePerUser' | 'storageBytesPerUser'>;
  /** Absent: counts in this process's memory. */
  rateLimitStore?: RateLimitStore;
  /** How message search's index is kept (tests index at once, in small blocks). */
  searchIndex?: Partial<SearchIndexSettings>;
  /** How often contacts.online is written and checked (tests write at once). */
  onlineContacts?: OnlineContactsOptions;
  /** How long a call rings, and how long a side may go unheard before it ends. */
  calls: CallTimings;
  /** Where link previews may be fetched from: the public web (tests add a server of their own on loopback). */
  linkFetchPolicy?: FetchPolicy;
}

/** What the routes get besides the service's options. */
export interface MessagesRouteOptions extends MessagesServiceOptions {
  receipts: Receipts;
}

export interface ConversationRouteOptions extends MessagesRouteOptions {
  sendAs: SendAs;
  /** Publishes who joined and left groups, as committed (the membership outbox's relay). */
  membership: OutboxRelay;
  /** Counts each user's sends, however they come. */
  sendCount: KeyLimiter;
  /** Counts each user's files and pictures, however they come (uploaded, forwarded). */
  filesCount: KeyLimiter;
}

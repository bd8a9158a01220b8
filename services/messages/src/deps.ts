import type { BlobStore } from '@chat/blobs';
import type { Bus } from '@chat/bus';
import type { Database } from '@chat/database';
import type { RateLimits } from '@chat/kernel';
import type { BlockedPairs } from '@chat/presence';
import type { RateLimitStore } from '@chat/rate-limits';
import type { SessionRevocations } from '@chat/sessions';
import type { Receipts } from './receipts.js';
import type { SearchIndexSettings } from './search-index.js';

export interface MessagesServiceOptions {
  db: Database;
  bus: Bus;
  blobs: BlobStore;
  /** The gateways' copy of who blocked whom: written on every change, and whole at start. */
  blockedPairs: BlockedPairs;
  revocations: SessionRevocations;
  jwtSecret: string;
  cookieSecure: boolean;
  rateLimits: Pick<RateLimits, 'messagesPerMinutePerUser'>;
  /** Absent: counts in this process's memory. */
  rateLimitStore?: RateLimitStore;
  /** How message search's index is kept (tests index at once, in small blocks). */
  searchIndex?: Partial<SearchIndexSettings>;
}

/** What the routes get besides the service's options. */
export interface MessagesRouteOptions extends MessagesServiceOptions {
  receipts: Receipts;
}

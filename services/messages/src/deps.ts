import type { BlobStore, Bus, Database, RateLimits, RateLimitStore } from '@chat/common';

export interface MessagesServiceOptions {
  db: Database;
  bus: Bus;
  blobs: BlobStore;
  jwtSecret: string;
  cookieSecure: boolean;
  rateLimits: Pick<RateLimits, 'messagesPerMinutePerUser'>;
  /** Absent: counts in this process's memory. */
  rateLimitStore?: RateLimitStore;
}

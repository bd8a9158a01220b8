import type { BlobStore, Bus, Database, OutboxRelay, RateLimits, RateLimitStore } from '@chat/common';

export interface AuthServiceOptions {
  db: Database;
  bus: Bus;
  blobs: BlobStore;
  jwtSecret: string;
  cookieSecure: boolean;
  bcryptCost: number;
  rateLimits: Pick<RateLimits, 'signupsPerHourPerIp' | 'loginsPer15MinPerIp' | 'loginsPer15MinPerEmail'>;
  /** Absent: counts in this process's memory. */
  rateLimitStore?: RateLimitStore;
}

/** What the routes get: the service's dependencies and the relay that publishes its events. */
export interface AuthRouteOptions extends AuthServiceOptions {
  events: OutboxRelay;
}

import type { BlobStore } from '@chat/blobs';
import type { Bus } from '@chat/bus';
import type { Database, OutboxRelay } from '@chat/database';
import type { RateLimits, TurnConfig } from '@chat/kernel';
import type { RateLimitStore } from '@chat/rate-limits';
import type { SessionRevocations } from '@chat/sessions';

export interface AuthServiceOptions {
  db: Database;
  bus: Bus;
  blobs: BlobStore;
  revocations: SessionRevocations;
  jwtSecret: string;
  cookieSecure: boolean;
  bcryptCost: number;
  rateLimits: Pick<RateLimits, 'signupsPerHourPerIp' | 'loginsPer15MinPerIp' | 'loginsPer15MinPerEmail'>;
  /** Absent: counts in this process's memory. */
  rateLimitStore?: RateLimitStore;
  /** The STUN and TURN servers calls connect through; absent: none (calls connect directly). */
  turn?: TurnConfig;
}

/** What the routes get: the service's dependencies and the relay that publishes its events. */
export interface AuthRouteOptions extends AuthServiceOptions {
  events: OutboxRelay;
}

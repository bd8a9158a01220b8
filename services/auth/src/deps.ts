import type { BlobStore, Bus, Database, OutboxRelay } from '@chat/common';

export interface AuthServiceOptions {
  db: Database;
  bus: Bus;
  blobs: BlobStore;
  jwtSecret: string;
  cookieSecure: boolean;
  bcryptCost: number;
}

/** What the routes get: the service's dependencies and the relay that publishes its events. */
export interface AuthRouteOptions extends AuthServiceOptions {
  events: OutboxRelay;
}

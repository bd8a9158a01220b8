import type { BlobStore, Bus, Database } from '@chat/common';

export interface MessagesServiceOptions {
  db: Database;
  bus: Bus;
  blobs: BlobStore;
  jwtSecret: string;
  cookieSecure: boolean;
}

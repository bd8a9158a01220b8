import type { BlobStore, Bus, Database } from '@chat/common';

export interface AuthServiceOptions {
  db: Database;
  bus: Bus;
  blobs: BlobStore;
  jwtSecret: string;
  cookieSecure: boolean;
  bcryptCost: number;
}

import type { Migration } from '@chat/database';
import { authOutbox } from './events.js';

export const authMigrations: readonly Migration[] = [
  {
    version: 1,
    sql: `
      CREATE TABLE users (
        id uuid PRIMARY KEY,
        full_name text NOT NULL,
        email text NOT NULL,
        password_hash text NOT NULL,
        profile_pic text NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      -- Emails are stored lower-cased, so this makes them unique regardless of case.
      CREATE UNIQUE INDEX users_email_key ON users (email);
    `,
  },
  authOutbox.migration(2),
];

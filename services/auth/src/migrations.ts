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
  {
    version: 3,
    sql: `
      -- Each sign-in is a session, named by its token's jti, so it can be revoked before it expires.
      CREATE TABLE sessions (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz
      );
      CREATE INDEX sessions_open_by_user ON sessions (user_id) WHERE revoked_at IS NULL;
      CREATE INDEX sessions_revoked_by_expiry ON sessions (expires_at) WHERE revoked_at IS NOT NULL;
    `,
  },
  {
    version: 4,
    sql: `
      -- What a user lets others see of them (read receipts, last seen); both on, as most messengers start.
      ALTER TABLE users ADD COLUMN send_read_receipts boolean NOT NULL DEFAULT true;
      ALTER TABLE users ADD COLUMN show_last_seen boolean NOT NULL DEFAULT true;
    `,
  },
  {
    version: 5,
    sql: `
      -- A deleted account keeps only its id (its sessions stay revoked until their tokens expire);
      -- its email is freed, its name, password and picture are gone.
      ALTER TABLE users ADD COLUMN deleted_at timestamptz;
    `,
  },
  {
    version: 6,
    sql: `
      -- A line about the user ("About" in WhatsApp, a bio in Telegram), shown in their contact info.
      ALTER TABLE users ADD COLUMN about text NOT NULL DEFAULT '';
    `,
  },
  {
    version: 7,
    sql: `
      -- Who may call the user ("Settings → Calls"): everyone, the people they have a conversation with, or nobody.
      ALTER TABLE users ADD COLUMN calls_from text NOT NULL DEFAULT 'everyone' CHECK (calls_from IN ('everyone', 'contacts', 'nobody'));
    `,
  },
];

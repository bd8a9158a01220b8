import type { Migration } from '@chat/database';

export const messagesMigrations: readonly Migration[] = [
  {
    version: 1,
    sql: `
      -- This service's own copy of each user's public card, kept by users.upserted events.
      CREATE TABLE contacts (
        user_id uuid PRIMARY KEY,
        full_name text NOT NULL,
        profile_pic text NOT NULL DEFAULT ''
      );
      CREATE INDEX contacts_name_idx ON contacts (lower(full_name), user_id);

      CREATE TABLE messages (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        sender_id uuid NOT NULL,
        receiver_id uuid NOT NULL,
        text text,
        image text,
        client_message_id uuid,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK (text IS NOT NULL OR image IS NOT NULL)
      );
      -- A conversation is read newest-first by its unordered pair of users.
      CREATE INDEX messages_conversation_idx
        ON messages (LEAST(sender_id, receiver_id), GREATEST(sender_id, receiver_id), id DESC);
      CREATE UNIQUE INDEX messages_client_id_key
        ON messages (sender_id, client_message_id) WHERE client_message_id IS NOT NULL;
    `,
  },
];

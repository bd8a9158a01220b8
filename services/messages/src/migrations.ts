import type { Migration } from '@chat/database';
import { membershipOutbox } from './groups/group-events.js';

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
  {
    version: 2,
    sql: `
      -- Each user's conversations, one row per (user, peer): the sidebar's order and my read cursor.
      -- Messages from peer to user with an id above read_up_to are unread.
      CREATE TABLE conversations (
        user_id uuid NOT NULL,
        peer_id uuid NOT NULL,
        last_message_id bigint NOT NULL,
        read_up_to bigint NOT NULL DEFAULT 0,
        PRIMARY KEY (user_id, peer_id)
      );
      CREATE INDEX conversations_inbox_idx ON conversations (user_id, last_message_id DESC, peer_id DESC);
      -- The history so far counts as read: nobody gets a badge for what came before this release.
      INSERT INTO conversations (user_id, peer_id, last_message_id, read_up_to)
        SELECT user_id, peer_id, max(id), max(id) FROM (
          SELECT sender_id AS user_id, receiver_id AS peer_id, id FROM messages
          UNION ALL
          SELECT receiver_id, sender_id, id FROM messages
        ) ends
        GROUP BY user_id, peer_id;

      -- Every word of every contact's name, normalized by the service, for a search by word start:
      -- in byte order ("C"), so the words starting with a prefix are one range of the key.
      CREATE TABLE contact_words (
        word text COLLATE "C" NOT NULL,
        user_id uuid NOT NULL REFERENCES contacts (user_id) ON DELETE CASCADE,
        PRIMARY KEY (word, user_id)
      );
      -- A contact's own words, read from the index alone while a search checks each match.
      CREATE INDEX contact_words_user_idx ON contact_words (user_id, word);
    `,
  },
  {
    version: 3,
    sql: `
      -- Receipts: when a device of the receiver first had a message, and when they read it.
      ALTER TABLE messages ADD COLUMN delivered_at timestamptz, ADD COLUMN read_at timestamptz;
      -- Every message is stamped once or twice soon after it is written: room left in its page lets
      -- the new version stay there without new index entries (a HOT update).
      ALTER TABLE messages SET (fillfactor = 70);
      -- Messages from peer to user up to delivered_up_to reached a device of user's.
      ALTER TABLE conversations ADD COLUMN delivered_up_to bigint NOT NULL DEFAULT 0;
      -- What was read before this release was delivered, and is stamped as of when it was sent:
      -- nobody's history turns back into single ticks.
      UPDATE conversations SET delivered_up_to = read_up_to;
      UPDATE messages m SET delivered_at = m.created_at, read_at = m.created_at
        FROM conversations c
        WHERE c.user_id = m.receiver_id AND c.peer_id = m.sender_id AND m.id <= c.read_up_to;

      -- Each contact's privacy settings (from users.upserted) and when they were last online.
      ALTER TABLE contacts
        ADD COLUMN send_read_receipts boolean NOT NULL DEFAULT true,
        ADD COLUMN show_last_seen boolean NOT NULL DEFAULT true,
        ADD COLUMN last_seen timestamptz;
    `,
  },
  {
    version: 4,
    sql: `
      -- When a message's author last changed its text, and when they deleted it for everyone.
      ALTER TABLE messages ADD COLUMN edited_at timestamptz, ADD COLUMN deleted_at timestamptz;
      -- A message deleted for everyone keeps its place with neither text nor image.
      ALTER TABLE messages DROP CONSTRAINT messages_check,
        ADD CONSTRAINT messages_has_content CHECK (text IS NOT NULL OR image IS NOT NULL OR deleted_at IS NOT NULL);
    `,
  },
  {
    version: 5,
    sql: `
      -- A reply keeps what it answers: its id, author, and its text and image as they are now.
      ALTER TABLE messages
        ADD COLUMN reply_to_id bigint,
        ADD COLUMN reply_to_sender uuid,
        ADD COLUMN reply_to_text text,
        ADD COLUMN reply_to_image text,
        -- Each person's reaction, by user id: {"<userId>": "👍"}.
        ADD COLUMN reactions jsonb NOT NULL DEFAULT '{}';
      -- The replies to a message, for its edit or deletion to reach their quotes.
      CREATE INDEX messages_reply_to_idx ON messages (reply_to_id) WHERE reply_to_id IS NOT NULL;
    `,
  },
  {
    version: 6,
    sql: `
      -- Message search: every word of every text, as the "simple" configuration splits and
      -- lower-cases them (no stemming: any language, and a word's start finds it).
      CREATE INDEX messages_text_search_idx ON messages USING gin (to_tsvector('simple', coalesce(text, '')));
      -- Each user's messages, newest first, sent and received: a search walks them when its words
      -- are common, and the inbox's unread counts could too.
      CREATE INDEX messages_sender_idx ON messages (sender_id, id DESC);
      CREATE INDEX messages_receiver_idx ON messages (receiver_id, id DESC);
    `,
  },
  {
    version: 7,
    sql: `
      -- Who blocked whom: a blocked user's messages to the blocker are refused, and the pair sees
      -- neither's last seen nor receipts (the gateways keep a copy for presence and typing).
      CREATE TABLE blocks (
        blocker_id uuid NOT NULL,
        blocked_id uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (blocker_id, blocked_id)
      );
    `,
  },
  {
    version: 8,
    sql: `
      -- A contact who deleted their account: their conversations stay, as from "Deleted user"; they
      -- are listed nowhere else and can no longer be written to.
      ALTER TABLE contacts ADD COLUMN deleted_at timestamptz;
    `,
  },
  {
    version: 9,
    sql: `
      -- Message search by blocks (search-index.ts): each user's messages in id order, a block of up
      -- to 256 at a time with every word of their texts, so a search walks a user's blocks newest
      -- first instead of reading every message that holds a common word.
      CREATE TABLE search_blocks (
        user_id uuid NOT NULL,
        first_id bigint NOT NULL,
        last_id bigint NOT NULL,
        message_ids bigint[] NOT NULL,
        peer_ids uuid[] NOT NULL,
        words tsvector NOT NULL,
        PRIMARY KEY (user_id, last_id)
      );
      CREATE INDEX search_blocks_words_idx ON search_blocks USING gin (words);
      -- Per user: every message of theirs up to indexed_up_to is in a block; \`pending\` of theirs
      -- after it wait for a full one.
      CREATE TABLE search_cursors (
        user_id uuid PRIMARY KEY,
        indexed_up_to bigint NOT NULL DEFAULT 0,
        pending integer NOT NULL DEFAULT 0
      );
      -- How far the indexer has read the messages table; its row lock is the indexer's turn.
      CREATE TABLE search_progress (read_up_to bigint NOT NULL);
      INSERT INTO search_progress VALUES (0);
      -- Replaced by the blocks: it cost every send an entry per word.
      DROP INDEX messages_text_search_idx;
    `,
  },
  {
    version: 10,
    sql: `
      -- A name search walks the words starting with its longest word and checks each match's other
      -- words: with every word of the name in the index entry, the check reads no other row (two
      -- index lookups a match before: 30-50 ms p99 for "oli sm" among 1,000,000 users).
      ALTER TABLE contact_words ADD COLUMN name_words text[] COLLATE "C";
      UPDATE contact_words w SET name_words = (SELECT array_agg(o.word ORDER BY o.word) FROM contact_words o WHERE o.user_id = w.user_id);
      ALTER TABLE contact_words ALTER COLUMN name_words SET NOT NULL;
      ALTER TABLE contact_words DROP CONSTRAINT contact_words_pkey, ADD PRIMARY KEY (word, user_id) INCLUDE (name_words);
    `,
  },
  {
    version: 11,
    sql: `
      -- Whether the contact is online now, as presence says (online-contacts.ts keeps it): "Show
      -- online only" pages the online ones by name along this index, however many users there are.
      ALTER TABLE contacts ADD COLUMN online boolean NOT NULL DEFAULT false;
      CREATE INDEX contacts_online_name_idx ON contacts (lower(full_name), user_id) WHERE online;
    `,
  },
  {
    version: 12,
    sql: `
      -- The name's words as one text, in byte order, each after a space and the last followed by
      -- one: a search checks a match's other words with one LIKE (' sm' starts a word) and its first
      -- word starting with the search word with two strpos (the first place ' oli' occurs), where
      -- unnesting the array for each check cost ~3 µs a candidate (6 of a search's 7 ms). Derived
      -- from name_words, which older releases still write during a rollout.
      CREATE FUNCTION contact_name_text(words text[]) RETURNS text
        LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
        AS $$ SELECT ' ' || string_agg(word, ' ' ORDER BY word COLLATE "C") || ' ' FROM unnest(words) AS word $$;
      ALTER TABLE contact_words ADD COLUMN name_text text COLLATE "C" GENERATED ALWAYS AS (contact_name_text(name_words)) STORED;
      ALTER TABLE contact_words DROP CONSTRAINT contact_words_pkey, ADD PRIMARY KEY (word, user_id) INCLUDE (name_text);
    `,
  },
  {
    version: 13,
    sql: `
      -- When I pinned the conversation (null: not pinned). The inbox's first page reads the pinned
      -- ones along this index, a handful at most, then the rest by their latest message.
      ALTER TABLE conversations ADD COLUMN pinned_at timestamptz;
      CREATE INDEX conversations_pinned_idx ON conversations (user_id, pinned_at DESC, peer_id DESC) WHERE pinned_at IS NOT NULL;
    `,
  },
  {
    version: 14,
    sql: `
      -- A copy of another message, forwarded by its sender. A constant default: no table rewrite.
      ALTER TABLE messages ADD COLUMN forwarded boolean NOT NULL DEFAULT false;
    `,
  },
  {
    version: 15,
    sql: `
      -- The conversations each user muted, and until when ('infinity': until unmuted). Kept apart
      -- from conversations: someone may be muted before they ever write.
      CREATE TABLE mutes (
        user_id uuid NOT NULL,
        peer_id uuid NOT NULL,
        until timestamptz NOT NULL,
        PRIMARY KEY (user_id, peer_id)
      );
    `,
  },
  {
    version: 16,
    sql: `
      -- When I archived the conversation (null: in the inbox). A new message in it, either way,
      -- brings it back, as in WhatsApp. The archive is read along its own index, newest first.
      ALTER TABLE conversations ADD COLUMN archived_at timestamptz;
      CREATE INDEX conversations_archived_idx ON conversations (user_id, last_message_id DESC, peer_id DESC) WHERE archived_at IS NOT NULL;
    `,
  },
  {
    version: 17,
    sql: `
      -- I marked the conversation unread to come back to it (cleared as I open it).
      ALTER TABLE conversations ADD COLUMN marked_unread boolean NOT NULL DEFAULT false;
    `,
  },
  {
    version: 18,
    sql: `
      -- The messages each user starred: a bookmark of theirs alone. Listed newest message first,
      -- along the key. A message deleted for everyone loses its stars.
      CREATE TABLE stars (
        user_id uuid NOT NULL,
        message_id bigint NOT NULL,
        starred_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, message_id)
      );
      CREATE INDEX stars_message_idx ON stars (message_id);
    `,
  },
  {
    version: 19,
    sql: `
      -- The file (a document) a message carries, as {url, name, size}; null for none (a file may be
      -- all a message holds). A reply keeps the name of the file it quotes, as it keeps the quoted
      -- text and image. The rows there are hold text or an image already: NOT VALID spares the
      -- check a read of the whole table, and new rows are checked all the same.
      ALTER TABLE messages ADD COLUMN file jsonb, ADD COLUMN reply_to_file_name text,
        DROP CONSTRAINT messages_has_content,
        ADD CONSTRAINT messages_has_content CHECK (text IS NOT NULL OR image IS NOT NULL OR file IS NOT NULL OR deleted_at IS NOT NULL) NOT VALID;
    `,
  },
  {
    version: 20,
    sql: `
      -- The messages each user deleted for themselves: gone from their history, search and export,
      -- still there for the other person.
      CREATE TABLE hidden_messages (
        user_id uuid NOT NULL,
        message_id bigint NOT NULL,
        hidden_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, message_id)
      );
      -- I cleared the conversation: its messages up to cleared_up_to are gone for me. The inbox
      -- shows preview_message_id instead of the latest message when that one is gone for me (0: none
      -- to show); null, as every new message sets it, shows the latest. Constant defaults: no rewrite.
      ALTER TABLE conversations ADD COLUMN cleared_up_to bigint NOT NULL DEFAULT 0, ADD COLUMN preview_message_id bigint;
    `,
  },
  {
    version: 21,
    sql: `
      -- A conversation's "Media, links and docs": whether a message's text holds a web link (as the
      -- service finds them, on every send and edit), and an index of the pair's messages that hold
      -- any of the three, newest first, so each list reads only its own kind's rows.
      ALTER TABLE messages ADD COLUMN has_link boolean NOT NULL DEFAULT false;
      -- The messages from before: those with an address written out in full.
      UPDATE messages SET has_link = true WHERE text ~* '(https?://|www\\.)[^[:space:]]';
      CREATE INDEX messages_shared_idx ON messages (LEAST(sender_id, receiver_id), GREATEST(sender_id, receiver_id), id DESC)
        WHERE image IS NOT NULL OR file IS NOT NULL OR has_link;
    `,
  },
  {
    version: 22,
    sql: `
      -- A contact's "About" line, from auth's users.upserted events, shown in their contact info.
      ALTER TABLE contacts ADD COLUMN about text NOT NULL DEFAULT '';
    `,
  },
  {
    version: 23,
    sql: `
      -- What each message put in the object store (its picture with its thumbnail, its file), in
      -- bytes: a sender's storage used is the sum over their messages not deleted, read along the index.
      ALTER TABLE messages ADD COLUMN media_bytes bigint NOT NULL DEFAULT 0;
      UPDATE messages SET media_bytes = (file ->> 'size')::bigint WHERE file IS NOT NULL AND deleted_at IS NULL;
      CREATE INDEX messages_media_bytes_idx ON messages (sender_id) INCLUDE (media_bytes) WHERE media_bytes > 0 AND deleted_at IS NULL;
      -- A forward carries the stored photo or file of the message it copies: who may read a key, and
      -- whether any message still carries it (else it is deleted), are found along these.
      CREATE INDEX messages_image_url_idx ON messages (image) WHERE image IS NOT NULL;
      CREATE INDEX messages_file_url_idx ON messages ((file ->> 'url')) WHERE file IS NOT NULL;
    `,
  },
  {
    version: 24,
    sql: `
      -- The cards of web pages, one per address asked for, shared by everyone: card is null where a
      -- page has none (or could not be fetched), so it is not asked for again until it is stale.
      CREATE TABLE link_cards (
        url text PRIMARY KEY,
        card jsonb,
        fetched_at timestamptz NOT NULL DEFAULT now()
      );
    `,
  },
  {
    version: 25,
    sql: `
      -- Its sender removed its first web link's card before sending. A constant default: no table rewrite.
      ALTER TABLE messages ADD COLUMN no_link_preview boolean NOT NULL DEFAULT false;
    `,
  },
  {
    version: 26,
    sql: `
      -- Groups (docs/groups.md). A group's messages are rows of messages like any other, written
      -- once whatever the group's size: group_id names the group, receiver_id holds it too (never a
      -- user's id, so no conversation of two people ever reads them). last_message_id is the group's
      -- one row moved by a send; each member's read and delivery are cursors over the group's ids.
      CREATE TABLE groups (
        id uuid PRIMARY KEY,
        name text NOT NULL,
        description text NOT NULL DEFAULT '',
        picture text NOT NULL DEFAULT '',
        created_by uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        only_admins_send boolean NOT NULL DEFAULT false,
        only_admins_edit boolean NOT NULL DEFAULT false,
        last_message_id bigint NOT NULL DEFAULT 0,
        -- Anyone signed in who has the group's link may join; an admin resetting it makes a new one.
        invite_code text NOT NULL UNIQUE
      );
      -- A member sees the group's messages after joined_after and, once removed (or gone), up to
      -- left_after; read_up_to and delivered_up_to are their cursors over the group's message ids.
      CREATE TABLE group_members (
        group_id uuid NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
        user_id uuid NOT NULL,
        role text NOT NULL CHECK (role IN ('admin', 'member')),
        joined_at timestamptz NOT NULL DEFAULT now(),
        joined_after bigint NOT NULL,
        left_after bigint,
        read_up_to bigint NOT NULL DEFAULT 0,
        delivered_up_to bigint NOT NULL DEFAULT 0,
        PRIMARY KEY (group_id, user_id)
      );
      -- A user's groups, for their inbox and for the gateways' interest.
      CREATE INDEX group_members_user_idx ON group_members (user_id, group_id);
      ALTER TABLE messages
        ADD COLUMN group_id uuid,
        -- A line of the group's story ("Ann added Bob"): what happened, shown centred in every member's language.
        ADD COLUMN system jsonb,
        -- An admin of the group deleted it, not its author: shown "deleted by an admin".
        ADD COLUMN deleted_by uuid;
      ALTER TABLE messages DROP CONSTRAINT messages_has_content,
        ADD CONSTRAINT messages_has_content
          CHECK (text IS NOT NULL OR image IS NOT NULL OR file IS NOT NULL OR system IS NOT NULL OR deleted_at IS NOT NULL) NOT VALID;
      CREATE INDEX messages_group_idx ON messages (group_id, id DESC) WHERE group_id IS NOT NULL;
    `,
  },
  {
    version: 27,
    sql: `
      -- The members a group message mentions ("@Ann"): highlighted, and a row marked "@" while unread.
      ALTER TABLE messages ADD COLUMN mentions uuid[];
    `,
  },
  {
    version: 28,
    sql: `
      -- Receipts in a group: every member (now) has its messages up to delivered_up_to on a device and
      -- has read them up to read_up_to, the lowest of their cursors; the messages they pass are
      -- stamped delivered_at and read_at, once each, whatever the group's size.
      ALTER TABLE groups
        ADD COLUMN delivered_up_to bigint NOT NULL DEFAULT 0,
        ADD COLUMN read_up_to bigint NOT NULL DEFAULT 0;
      -- Each move of a member's cursor (read: their read cursor, else their delivered one), and when:
      -- "Message info" of a message is, for each member, the first move at or past it.
      CREATE TABLE group_receipts (
        group_id uuid NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
        user_id uuid NOT NULL,
        read boolean NOT NULL,
        up_to bigint NOT NULL,
        at timestamptz NOT NULL,
        PRIMARY KEY (group_id, user_id, read, up_to)
      );
    `,
  },
  {
    version: 29,
    sql: `
      -- How many are members now, kept on the group's row as members change: an inbox of groups
      -- reads it for each of them instead of counting their members.
      ALTER TABLE groups ADD COLUMN member_count integer NOT NULL DEFAULT 0;
      UPDATE groups g SET member_count = (SELECT count(*) FROM group_members WHERE group_id = g.id AND left_after IS NULL);
    `,
  },
  {
    version: 30,
    sql: `
      -- A member's own state of a group in their inbox, as a conversation's: pinned since, marked
      -- unread. Archived up to the group's latest message when archived: a message past it brings the
      -- group back to the inbox with no write per member (a conversation's archived_at is cleared by
      -- the send, which writes its row anyway).
      ALTER TABLE group_members
        ADD COLUMN pinned_at timestamptz,
        ADD COLUMN archived_up_to bigint,
        ADD COLUMN marked_unread boolean NOT NULL DEFAULT false;
    `,
  },
  // Who joins and leaves a group, committed with the change, for the gateways (docs/groups.md).
  membershipOutbox.migration(31),
  {
    version: 32,
    sql: `
      -- A group's messages numbered 1, 2, 3… in the group (group_seq; last_seq on the group is its
      -- newest): a member's unread count is the numbers past their read cursor, a subtraction, where
      -- it read up to 100 messages of every group in their inbox.
      ALTER TABLE messages ADD COLUMN group_seq bigint;
      ALTER TABLE groups ADD COLUMN last_seq bigint NOT NULL DEFAULT 0;
      UPDATE messages m SET group_seq = numbered.seq
        FROM (SELECT id, row_number() OVER (PARTITION BY group_id ORDER BY id) AS seq FROM messages WHERE group_id IS NOT NULL) numbered
        WHERE m.id = numbered.id;
      UPDATE groups g SET last_seq = COALESCE((SELECT max(group_seq) FROM messages WHERE group_id = g.id), 0);
      -- Whether an unread message mentions me: only the messages that mention anyone are read.
      CREATE INDEX messages_group_mentions_idx ON messages (group_id, id DESC) WHERE mentions IS NOT NULL;
    `,
  },
  {
    version: 33,
    sql: `
      -- The blocks' words go into the index as each block is written, not into a pending list that
      -- the write crossing its 4 MB merges all at once: on PGlite that write held every send 190–210
      -- ms, once every ~40 s at 2,000 msg/s. What was pending is merged now.
      ALTER INDEX search_blocks_words_idx SET (fastupdate = off);
      SELECT gin_clean_pending_list('search_blocks_words_idx');
    `,
  },
  {
    version: 34,
    sql: `
      -- Calls under way (docs/calls.md): a row from the first ring to the end, then gone; the line
      -- the call leaves in the conversation (messages.call) is its record. Each side is the one
      -- socket that placed or answered it, alive while its gateway says so.
      CREATE TABLE calls (
        id uuid PRIMARY KEY,
        caller_id uuid NOT NULL,
        callee_id uuid NOT NULL,
        video boolean NOT NULL,
        started_at timestamptz NOT NULL DEFAULT now(),
        answered_at timestamptz,
        caller_socket text NOT NULL,
        caller_alive_at timestamptz NOT NULL DEFAULT now(),
        callee_socket text,
        callee_alive_at timestamptz
      );
      -- Everyone in a call now, once each: a second call of either person conflicts here (busy).
      CREATE TABLE call_parties (
        user_id uuid PRIMARY KEY,
        call_id uuid NOT NULL REFERENCES calls (id) ON DELETE CASCADE
      );
      CREATE INDEX call_parties_call_idx ON call_parties (call_id);
      ALTER TABLE messages ADD COLUMN call jsonb, DROP CONSTRAINT messages_has_content,
        ADD CONSTRAINT messages_has_content
          CHECK (text IS NOT NULL OR image IS NOT NULL OR file IS NOT NULL OR system IS NOT NULL OR call IS NOT NULL OR deleted_at IS NOT NULL) NOT VALID;
      -- Who may call each contact ("Settings → Calls", from users.upserted): everyone, the people they have a conversation with, or nobody.
      ALTER TABLE contacts ADD COLUMN calls_from text NOT NULL DEFAULT 'everyone';
    `,
  },
  {
    version: 35,
    sql: `
      -- A group's blocks file each word under the group ('<group id>:<word>'), not bare: a member's
      -- search asks the words' index for 'g1:news':* | 'g2:news':* …, each a narrow range of it,
      -- instead of checking her groups' thousands of blocks one by one; and a person's search no
      -- longer walks past group blocks for a word's start. The blocks written so far are rewritten.
      CREATE FUNCTION group_block_words(group_id uuid, words tsvector) RETURNS tsvector
        LANGUAGE sql IMMUTABLE PARALLEL SAFE
        AS $$ SELECT array_to_tsvector(ARRAY(SELECT group_id::text || ':' || lexeme FROM unnest(words))) $$;
      UPDATE search_blocks b
        SET words = array_to_tsvector(ARRAY['@' || b.user_id::text]) || group_block_words(b.user_id, ts_delete(b.words, '@' || b.user_id::text))
        WHERE b.user_id IN (SELECT id FROM groups);
    `,
  },
  {
    version: 36,
    sql: `
      -- "Clear chat" in a group: what the member sees of it starts past this message (and past when they joined).
      ALTER TABLE group_members ADD COLUMN cleared_up_to bigint NOT NULL DEFAULT 0;
    `,
  },
  {
    version: 37,
    sql: `
      -- "Delete group" by someone no longer in it: the group shows nowhere of theirs. The row stays, so
      -- the members still see who wrote what they wrote; adding them again clears it.
      ALTER TABLE group_members ADD COLUMN chat_deleted boolean NOT NULL DEFAULT false;
    `,
  },
  {
    version: 38,
    sql: `
      -- Pinned to the top of its chat, for everyone in it (at most three a chat; named apart from a
      -- conversation's own pinned_at, which reads beside a message's columns). The two indexes hold
      -- the pinned rows alone: a chat's pins are found by its pair, or its group, whatever its length.
      ALTER TABLE messages ADD COLUMN pinned_to_chat_at timestamptz;
      CREATE INDEX messages_pinned_pair_idx ON messages (LEAST(sender_id, receiver_id), GREATEST(sender_id, receiver_id))
        WHERE pinned_to_chat_at IS NOT NULL AND group_id IS NULL;
      CREATE INDEX messages_pinned_group_idx ON messages (group_id) WHERE pinned_to_chat_at IS NOT NULL AND group_id IS NOT NULL;
    `,
  },
];

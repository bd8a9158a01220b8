import { once } from 'node:events';
import { Readable } from 'node:stream';
import type { BlobStore } from '@chat/blobs';
import type { Queryable } from '@chat/database';
import { mediaKeyFromUrl } from '@chat/media';
import type { FastifyBaseLogger } from 'fastify';
import { listBlocked } from '../blocks/blocks.js';
import {
  clearedUpTo,
  hiddenBy,
  inGroupWindow,
  seenAfter,
  MESSAGE_COLUMNS,
  starredBy,
  toMessage,
  windowParams,
  type ChatMessage,
  type GroupWindow,
  type MessageRow,
} from '../conversations/messages.js';

/** Messages read from the database at a time: a conversation of any length is exported in bounded memory. */
const EXPORT_PAGE = 1000;

const README = `Your Chat.io data

profile.json           your name, picture, privacy settings and the contacts you blocked
conversations/*.json   one file per conversation: who it is with, then every message you did not delete for yourself, oldest first
                       (those you starred marked "starred": true)
groups/*.json          one file per group you are or were in: its name, then every message you saw in it (while you were in it)
                       and did not delete for yourself, oldest first; a line of its story ("system") says who did what
media/                 the pictures and files: your profile photo, the images and files of your conversations
                       (a message's "file" names its file here; its name is the file's "name")

A message's "image" names its file under media/. Your email and password stay with the sign-in
service: your email is on your Profile page.
`;

/** Where a stored image goes in the archive, for a message or profile that shows it. */
const archivePath = (url: string | null) => {
  const key = url && mediaKeyFromUrl(url);
  return key ? `media/${key}` : null;
};

/** A message as the export shows it: its image and file as the archive's files. */
const exported = (message: ChatMessage) => ({
  ...message,
  image: archivePath(message.image),
  ...(message.file ? { file: { ...message.file, url: archivePath(message.file.url) } } : {}),
  replyTo: message.replyTo && { ...message.replyTo, image: archivePath(message.replyTo.image) },
});

/**
 * The messages `sql` reads, oldest first, a page at a time: `$1` is the id to read after, `$2` the
 * page's size, and `params` follow from `$3`.
 */
async function* inPages(db: Queryable, sql: string, params: unknown[]): AsyncGenerator<ChatMessage[]> {
  let after = '0';
  for (;;) {
    const rows = await db.query<MessageRow>(sql, [after, EXPORT_PAGE, ...params]);
    if (rows.length === 0) return;
    const page = rows.map(toMessage);
    yield page;
    after = page.at(-1)!._id;
    if (rows.length < EXPORT_PAGE) return;
  }
}

/** Every message between `me` and `peerId` that `me` did not delete for themselves (nor clear), oldest first, a page at a time. */
function conversationMessages(db: Queryable, me: string, peerId: string): AsyncGenerator<ChatMessage[]> {
  const [low, high] = [me, peerId].sort();
  return inPages(
    db,
    `SELECT ${MESSAGE_COLUMNS}, ${starredBy('$5', 'messages.id')} AS starred FROM messages
     WHERE LEAST(sender_id, receiver_id) = $3 AND GREATEST(sender_id, receiver_id) = $4 AND id > $1::bigint
       AND id > ${clearedUpTo('$5', '$6')} AND NOT ${hiddenBy('$5', 'messages.id')}
     ORDER BY id LIMIT $2`,
    [low, high, me, peerId],
  );
}

/** A group `me` is or was in, and which of its messages they saw. */
interface MyGroup extends GroupWindow {
  _id: string;
  name: string;
}

/** The messages of a group that `me` saw (while in it) and did not delete for themselves, its lines included, oldest first, a page at a time. */
function groupMessages(db: Queryable, me: string, group: MyGroup): AsyncGenerator<ChatMessage[]> {
  return inPages(
    db,
    `SELECT ${MESSAGE_COLUMNS}, ${starredBy('$3', 'messages.id')} AS starred FROM messages
     WHERE ${inGroupWindow(4)} AND id > $1::bigint AND NOT ${hiddenBy('$3', 'messages.id')}
     ORDER BY id LIMIT $2`,
    [me, ...windowParams(group._id, group)],
  );
}

/**
 * Everything the messages service holds of a user, as a zip written while it is read: their
 * profile card, every conversation, and the pictures. Images go in stored (they are compressed
 * already); a conversation's file is written page by page, never held whole.
 */
export async function exportUserData(deps: { db: Queryable; blobs: BlobStore; log: FastifyBaseLogger }, userId: string): Promise<Readable> {
  const { db, blobs, log } = deps;
  // Loaded with the first export: the zip writer costs every start ~0.17 s of CPU for a route a
  // user calls rarely.
  const { default: archiver } = await import('archiver');
  const archive = archiver('zip', { zlib: { level: 6 } });
  const media = new Set<string>();
  const noteMedia = (message: ChatMessage) => {
    for (const url of [message.image, message.replyTo?.image ?? null, message.file?.url ?? null]) {
      const key = url && mediaKeyFromUrl(url);
      if (key) media.add(key);
    }
  };

  /** A file of one conversation (`with` whom) or group (`group`), then its messages. */
  const messagesFile = (kind: 'with' | 'group', what: object, pages: AsyncGenerator<ChatMessage[]>) =>
    Readable.from(
      (async function* () {
        yield `{\n"${kind}": ${JSON.stringify(what)},\n"messages": [`;
        let first = true;
        for await (const page of pages) {
          for (const message of page) {
            noteMedia(message);
            yield `${first ? '\n' : ',\n'}${JSON.stringify(exported(message))}`;
            first = false;
          }
        }
        yield '\n]\n}\n';
      })(),
    );

  /** Once the archive has written the entry of that name: it goes no further until the reader reads. */
  const entryWritten = (name: string) =>
    new Promise<void>((resolve) => {
      const onEntry = (entry: { name: string }) => {
        if (entry.name !== name) return;
        archive.off('entry', onEntry);
        resolve();
      };
      archive.on('entry', onEntry);
    });

  const stopped = new Promise<never>((_, reject) => {
    archive.once('close', () => reject(new Error('the download was closed')));
    archive.once('error', reject);
  });
  stopped.catch(() => undefined);

  const write = async () => {
    const [profile] = await db.query<{
      fullName: string;
      profilePic: string;
      about: string;
      sendReadReceipts: boolean;
      showLastSeen: boolean;
      callsFrom: string;
    }>(
      `SELECT full_name AS "fullName", profile_pic AS "profilePic", about, send_read_receipts AS "sendReadReceipts", show_last_seen AS "showLastSeen",
         calls_from AS "callsFrom"
       FROM contacts WHERE user_id = $1`,
      [userId],
    );
    const avatarKey = profile?.profilePic ? mediaKeyFromUrl(profile.profilePic) : null;
    if (avatarKey) media.add(avatarKey);
    const card = {
      _id: userId,
      fullName: profile?.fullName ?? null,
      profilePic: archivePath(profile?.profilePic ?? null),
      about: profile?.about ?? null,
      settings: profile && { sendReadReceipts: profile.sendReadReceipts, showLastSeen: profile.showLastSeen, callsFrom: profile.callsFrom },
      blocked: (await listBlocked(db, userId)).map(({ _id, fullName }) => ({ _id, fullName })),
      exportedAt: new Date().toISOString(),
    };
    archive.append(README, { name: 'README.txt' });
    archive.append(`${JSON.stringify(card, null, 2)}\n`, { name: 'profile.json' });
    const peers = await db.query<{ _id: string; fullName: string }>(
      `SELECT c.user_id::text AS "_id", c.full_name AS "fullName"
       FROM conversations v JOIN contacts c ON c.user_id = v.peer_id
       WHERE v.user_id = $1 ORDER BY v.last_message_id DESC`,
      [userId],
    );
    const groups = await db.query<MyGroup>(
      `SELECT g.id::text AS "_id", g.name, ${seenAfter('m')}::text AS "seenAfter", m.left_after::text AS "leftAfter"
       FROM group_members m JOIN groups g ON g.id = m.group_id
       WHERE m.user_id = $1 AND NOT m.chat_deleted ORDER BY g.last_message_id DESC`,
      [userId],
    );
    // Each file read when its turn comes (`open`), so that only one is being read at a time.
    const files = [
      ...peers.map((peer) => ({
        name: `conversations/${peer._id}.json`,
        open: () => messagesFile('with', peer, conversationMessages(db, userId, peer._id)),
      })),
      ...groups.map((group) => ({
        name: `groups/${group._id}.json`,
        open: () =>
          messagesFile(
            'group',
            { _id: group._id, name: group.name, ...(group.leftAfter === null ? {} : { left: true }) },
            groupMessages(db, userId, group),
          ),
      })),
    ];
    for (const { name, open } of files) {
      const file = open();
      archive.append(file, { name });
      // One conversation at a time: its images and files are known once it is written. A download given up
      // (the archive closed) stops the export.
      await Promise.race([once(file, 'end'), stopped]);
    }
    // One stored file read at a time, once the one before went into the zip: a download that is
    // read slowly (or not at all) holds at most two files in memory, never the whole media.
    for (const key of media) {
      const bytes = await blobs.get(key);
      if (!bytes) continue;
      const name = `media/${key}`;
      const written = entryWritten(name);
      archive.append(bytes, { name, store: true });
      await Promise.race([written, stopped]);
    }
    await archive.finalize();
  };
  write().catch((error: unknown) => {
    if (archive.destroyed) {
      log.info({ userId }, 'an export was given up before it was done');
      return;
    }
    log.error({ err: error, userId }, 'could not export a user’s data');
    archive.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return archive;
}

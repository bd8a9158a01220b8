import type { BlobStore } from '@chat/blobs';
import { DELETED_USER_NAME } from '@chat/contracts';
import type { Database } from '@chat/database';
import type { BlockedPairs } from '@chat/presence';
import { keysNoLongerCarried } from '../conversations/messages.js';

/**
 * What stays of a user who deleted their account: their conversations, as from "Deleted user",
 * with their words and without their images and files (a message that was only an image or a file becomes deleted).
 * Their name, picture, last seen, blocks, mutes, stars, what they deleted for themselves and name search go. Safe to run again for the same user.
 */
export async function forgetUser(deps: { db: Database; blobs: BlobStore; blockedPairs: BlockedPairs }, userId: string): Promise<void> {
  const { db, blobs, blockedPairs } = deps;
  const { media, blocks } = await db.transaction(async (tx) => {
    // Inserted if their signup has not been heard of yet (another subject): it cannot bring them back.
    await tx.query(
      `INSERT INTO contacts (user_id, full_name, profile_pic, deleted_at) VALUES ($1, $2, '', now())
       ON CONFLICT (user_id) DO UPDATE SET full_name = EXCLUDED.full_name, profile_pic = '', about = '', last_seen = NULL,
         deleted_at = COALESCE(contacts.deleted_at, EXCLUDED.deleted_at)`,
      [userId, DELETED_USER_NAME],
    );
    await tx.query('DELETE FROM contact_words WHERE user_id = $1', [userId]);
    // No one searches as them any more; their words stay in the other side's blocks, with their texts.
    await tx.query('DELETE FROM search_blocks WHERE user_id = $1', [userId]);
    await tx.query('DELETE FROM search_cursors WHERE user_id = $1', [userId]);
    await tx.query('DELETE FROM mutes WHERE user_id = $1', [userId]);
    await tx.query('DELETE FROM stars WHERE user_id = $1', [userId]);
    await tx.query('DELETE FROM hidden_messages WHERE user_id = $1', [userId]);
    const blocks = await tx.query<{ blockerId: string; blockedId: string }>(
      `DELETE FROM blocks WHERE blocker_id = $1 OR blocked_id = $1 RETURNING blocker_id::text AS "blockerId", blocked_id::text AS "blockedId"`,
      [userId],
    );
    const media = await tx.query<{ image: string | null; file: string | null }>(
      `WITH theirs AS (
         SELECT id, image, text, file FROM messages WHERE sender_id = $1 AND (image IS NOT NULL OR file IS NOT NULL) FOR UPDATE
       ), cleared AS (
         UPDATE messages m SET image = NULL, file = NULL,
           deleted_at = CASE WHEN m.text IS NULL THEN COALESCE(m.deleted_at, now()) ELSE m.deleted_at END
         FROM theirs WHERE m.id = theirs.id
       ), quotes AS (
         UPDATE messages q SET reply_to_image = NULL, reply_to_file_name = NULL FROM theirs WHERE q.reply_to_id = theirs.id
       ), unstarred AS (
         DELETE FROM stars s USING theirs WHERE s.message_id = theirs.id AND theirs.text IS NULL
       )
       SELECT image, file ->> 'url' AS file FROM theirs`,
      [userId],
    );
    return { media, blocks };
  });
  await Promise.all(blocks.map((block) => blockedPairs.unblock(block.blockerId, block.blockedId)));
  // What others' forwards still carry stays stored.
  const keys = await keysNoLongerCarried(db, media);
  await Promise.all(keys.map((key) => blobs.delete(key)));
}

import { muteEnd, type Mute, type MuteDuration } from '@chat/contracts';
import type { Queryable } from '@chat/database';

/** Mutes my conversation with `peerId` for `duration` from now, replacing any mute before; answers the mute. */
export async function muteConversation(db: Queryable, userId: string, peerId: string, duration: MuteDuration): Promise<Mute> {
  const until = muteEnd(duration);
  await db.query(
    `INSERT INTO mutes (user_id, peer_id, until) VALUES ($1, $2, COALESCE($3::timestamptz, 'infinity'))
     ON CONFLICT (user_id, peer_id) DO UPDATE SET until = EXCLUDED.until`,
    [userId, peerId, until],
  );
  return { userId: peerId, until };
}

export async function unmuteConversation(db: Queryable, userId: string, peerId: string): Promise<void> {
  await db.query('DELETE FROM mutes WHERE user_id = $1 AND peer_id = $2', [userId, peerId]);
}

/** The conversations I have muted now; those whose time ran out are dropped on the way. */
export async function listMutes(db: Queryable, userId: string): Promise<Mute[]> {
  await db.query('DELETE FROM mutes WHERE user_id = $1 AND until <= now()', [userId]);
  const rows = await db.query<{ userId: string; until: Date | null }>(
    `SELECT peer_id::text AS "userId", CASE WHEN until = 'infinity' THEN NULL ELSE until END AS until
     FROM mutes WHERE user_id = $1 ORDER BY peer_id`,
    [userId],
  );
  return rows.map((row) => ({ userId: row.userId, until: row.until?.toISOString() ?? null }));
}

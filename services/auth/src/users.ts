import { randomUUID } from 'node:crypto';
import type { AuthUser, PrivacySettings, UpdateSettingsBody } from '@chat/contracts';
import type { Queryable } from '@chat/database';

export interface UserRecord {
  id: string;
  fullName: string;
  email: string;
  passwordHash: string;
  profilePic: string;
  createdAt: Date;
  settings: PrivacySettings;
  about: string;
}

const COLUMNS = `id::text AS id, full_name AS "fullName", email, password_hash AS "passwordHash",
  profile_pic AS "profilePic", created_at AS "createdAt", about,
  json_build_object('sendReadReceipts', send_read_receipts, 'showLastSeen', show_last_seen, 'callsFrom', calls_from) AS settings`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The user as every auth answer shows it; never the password hash. */
export const toPublicUser = (user: UserRecord): AuthUser => ({
  _id: user.id,
  fullName: user.fullName,
  email: user.email,
  profilePic: user.profilePic,
  createdAt: user.createdAt.toISOString(),
  settings: user.settings,
  about: user.about,
});

/** Inserts a user, or returns null when the email is taken. */
export async function createUser(db: Queryable, user: Pick<UserRecord, 'fullName' | 'email' | 'passwordHash'>): Promise<UserRecord | null> {
  const rows = await db.query<UserRecord>(
    `INSERT INTO users (id, full_name, email, password_hash) VALUES ($1, $2, $3, $4)
     ON CONFLICT (email) DO NOTHING RETURNING ${COLUMNS}`,
    [randomUUID(), user.fullName, user.email, user.passwordHash],
  );
  return rows[0] ?? null;
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRecord | null> {
  const rows = await db.query<UserRecord>(`SELECT ${COLUMNS} FROM users WHERE email = $1 AND deleted_at IS NULL`, [email]);
  return rows[0] ?? null;
}

export async function findUserById(db: Queryable, id: string): Promise<UserRecord | null> {
  if (!UUID.test(id)) return null;
  const rows = await db.query<UserRecord>(`SELECT ${COLUMNS} FROM users WHERE id = $1 AND deleted_at IS NULL`, [id]);
  return rows[0] ?? null;
}

export async function updateProfilePic(db: Queryable, id: string, profilePic: string): Promise<UserRecord | null> {
  const rows = await db.query<UserRecord>(
    `UPDATE users SET profile_pic = $2, updated_at = now() WHERE id = $1 AND deleted_at IS NULL RETURNING ${COLUMNS}`,
    [id, profilePic],
  );
  return rows[0] ?? null;
}

export async function updatePasswordHash(db: Queryable, id: string, passwordHash: string): Promise<void> {
  await db.query(`UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1 AND deleted_at IS NULL`, [id, passwordHash]);
}

export async function updateAbout(db: Queryable, id: string, about: string): Promise<UserRecord | null> {
  const rows = await db.query<UserRecord>(
    `UPDATE users SET about = $2, updated_at = now() WHERE id = $1 AND deleted_at IS NULL RETURNING ${COLUMNS}`,
    [id, about],
  );
  return rows[0] ?? null;
}

/** Changes the settings named, keeps the others. */
export async function updateSettings(db: Queryable, id: string, settings: UpdateSettingsBody): Promise<UserRecord | null> {
  const rows = await db.query<UserRecord>(
    `UPDATE users SET send_read_receipts = COALESCE($2, send_read_receipts), show_last_seen = COALESCE($3, show_last_seen),
       calls_from = COALESCE($4, calls_from), updated_at = now()
     WHERE id = $1 AND deleted_at IS NULL RETURNING ${COLUMNS}`,
    [id, settings.sendReadReceipts ?? null, settings.showLastSeen ?? null, settings.callsFrom ?? null],
  );
  return rows[0] ?? null;
}

/** Erases the account but its id: the email is free again, the name, password and picture gone. */
export async function deleteUser(db: Queryable, id: string): Promise<void> {
  await db.query(
    `UPDATE users SET full_name = '', email = 'deleted:' || id, password_hash = '', profile_pic = '', about = '', deleted_at = now(), updated_at = now()
     WHERE id = $1 AND deleted_at IS NULL`,
    [id],
  );
}

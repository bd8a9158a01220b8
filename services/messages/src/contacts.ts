import type { Queryable } from '@chat/database';

export interface Contact {
  _id: string;
  fullName: string;
  profilePic: string;
}

export async function upsertContact(db: Queryable, contact: Contact): Promise<void> {
  await db.query(
    `INSERT INTO contacts (user_id, full_name, profile_pic) VALUES ($1, $2, $3)
     ON CONFLICT (user_id) DO UPDATE SET full_name = EXCLUDED.full_name, profile_pic = EXCLUDED.profile_pic`,
    [contact._id, contact.fullName, contact.profilePic],
  );
}

/** Everyone but the asking user, by name. */
export async function listContacts(db: Queryable, exceptUserId: string): Promise<Contact[]> {
  return db.query<Contact>(
    `SELECT user_id::text AS "_id", full_name AS "fullName", profile_pic AS "profilePic"
     FROM contacts WHERE user_id <> $1 ORDER BY lower(full_name), user_id`,
    [exceptUserId],
  );
}

export async function contactExists(db: Queryable, userId: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM contacts WHERE user_id = $1', [userId]);
  return rows.length > 0;
}

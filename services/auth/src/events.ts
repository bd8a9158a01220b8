import { subjects, type Bus } from '@chat/common';
import type { UserRecord } from './users.js';

/** Tells the other services a user's public card changed, so they keep their own copy. */
export async function publishUserUpserted(bus: Bus, user: UserRecord): Promise<void> {
  await bus.publish(
    subjects.usersUpserted,
    JSON.stringify({ _id: user.id, fullName: user.fullName, profilePic: user.profilePic }),
  );
}

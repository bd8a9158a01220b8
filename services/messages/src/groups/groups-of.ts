import type { Bus, Subscription } from '@chat/bus';
import { GroupsOfRequestSchema, subjects, type GroupsOf } from '@chat/contracts';
import type { Queryable } from '@chat/database';
import { compileCheck } from '@chat/kernel';

const checkRequest = compileCheck(GroupsOfRequestSchema);

/** Answers a gateway asking which groups a user arriving on it is in now (at most MAX_GROUPS_PER_USER). */
export function serveGroupsOf(bus: Bus, db: Queryable): Subscription {
  return bus.serve(subjects.groupsOf, async (payload) => {
    const checked = checkRequest(JSON.parse(payload));
    if ('message' in checked) return JSON.stringify({ groupIds: [] } satisfies GroupsOf);
    const rows = await db.query<{ groupId: string }>(
      'SELECT group_id::text AS "groupId" FROM group_members WHERE user_id = $1 AND left_after IS NULL',
      [checked.value.userId],
    );
    return JSON.stringify({ groupIds: rows.map((row) => row.groupId) } satisfies GroupsOf);
  });
}

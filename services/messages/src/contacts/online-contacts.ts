import type { Database, Queryable } from '@chat/database';
import { stepsInOrder } from '@chat/kernel';
import type { Presence } from '@chat/presence';
import type { FastifyBaseLogger } from 'fastify';

/** Changes heard within this long are written together. */
const WRITE_DELAY_MS = 250;
/** How often the flags are compared with presence as a whole, mending a change no replica was up to hear. */
const RECONCILE_EVERY_MS = 60_000;

export interface OnlineContactsOptions {
  writeDelayMs?: number;
  reconcileEveryMs?: number;
}

/**
 * Keeps `contacts.online` as presence says, so "Show online only" is one indexed query. Every
 * replica hears every change and writes what its presence says at the time of writing, not what
 * the change said, one write after another: whichever replica writes last, it writes the truth.
 * At start, and then every RECONCILE_EVERY_MS, the whole set is compared and the differences written.
 */
export function mirrorOnlineContacts(db: Database, presence: Presence, log: FastifyBaseLogger, options: OnlineContactsOptions = {}) {
  const inOrder = stepsInOrder();
  const changed = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  const report = (error: unknown) => log.error({ err: error }, 'could not record who is online');

  const writeChanged = async () => {
    timer = undefined;
    const userIds = [...changed];
    changed.clear();
    await setOnline(db, userIds, await presence.whoIsOnline(userIds));
  };
  /** Queues users whose flag may be wrong: a change heard, or a contact just made. */
  const recheck = (userId: string) => {
    changed.add(userId);
    timer ??= setTimeout(() => inOrder(writeChanged).catch(report), options.writeDelayMs ?? WRITE_DELAY_MS);
  };
  const stopListening = presence.onChange(({ userId }) => recheck(userId));

  const reconcile = () =>
    inOrder(async () => {
      const flagged = new Set(
        (await db.query<{ userId: string }>('SELECT user_id::text AS "userId" FROM contacts WHERE online')).map((row) => row.userId),
      );
      const online = new Set(await presence.onlineUsers());
      const wrong = [...flagged].filter((userId) => !online.has(userId));
      for (const userId of online) if (!flagged.has(userId)) wrong.push(userId);
      await setOnline(
        db,
        wrong,
        wrong.filter((userId) => online.has(userId)),
      );
    });
  const reconciling = setInterval(() => reconcile().catch(report), options.reconcileEveryMs ?? RECONCILE_EVERY_MS);
  reconciling.unref();

  return {
    /** Resolves once the flags match presence as it was when called. */
    reconcile,
    recheck,
    async stop() {
      stopListening();
      clearInterval(reconciling);
      clearTimeout(timer);
      await inOrder(async () => undefined);
    },
  };
}

/** Sets the flag of each of `userIds`: on for those in `online`, off for the others. */
async function setOnline(db: Queryable, userIds: readonly string[], online: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  await db.query(
    `UPDATE contacts SET online = (user_id = ANY($2::uuid[]))
     WHERE user_id = ANY($1::uuid[]) AND online <> (user_id = ANY($2::uuid[]))`,
    [userIds, online],
  );
}

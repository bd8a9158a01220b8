import type { BlocksChanged } from '@chat/contracts';
import { SetIndex, type BlockedPairs, type Presence } from '@chat/presence';
import type { FastifyBaseLogger } from 'fastify';
import type { ChatServer } from './chat-server.js';
import { rooms } from './rooms.js';
import type { UserSocketHooks } from './user-sockets.js';

/** What most users have: one shared empty set, not one for each user here. */
const NO_ONE: ReadonlySet<string> = new Set();

/**
 * For each user with a socket here, the people a block stands between them and (either way):
 * loaded from the blocked pairs as their first socket arrives, and again when either of a pair
 * blocks or unblocks. Presence and typing consult it, so a blocked pair sees neither's.
 */
export function hideBlockedPeers(io: ChatServer, deps: { pairs: BlockedPairs; presence: Presence; log: FastifyBaseLogger }) {
  const { pairs, presence, log } = deps;
  const hidden = new Map<string, ReadonlySet<string>>();
  /** The reverse: per user, the users here who may not see them. */
  const hiddenFrom = new SetIndex();
  /** Per user here, the latest load asked for: an older one that answers later is dropped. */
  const loads = new Map<string, number>();

  /** Loads the user's hidden peers; answers who was hidden and who shown by this load. */
  const load = async (userId: string) => {
    const load = (loads.get(userId) ?? 0) + 1;
    loads.set(userId, load);
    const peers = new Set(await pairs.hiddenPeers(userId));
    const before = hidden.get(userId);
    if (loads.get(userId) !== load || !before) return { hid: [], showed: [] };
    const hid = [...peers].filter((peer) => !before.has(peer));
    const showed = [...before].filter((peer) => !peers.has(peer));
    for (const peer of hid) hiddenFrom.add(peer, userId);
    for (const peer of showed) hiddenFrom.remove(peer, userId);
    hidden.set(userId, peers.size > 0 ? peers : NO_ONE);
    return { hid, showed };
  };

  const hooks: UserSocketHooks = {
    async first(userId) {
      hidden.set(userId, NO_ONE);
      await load(userId).catch((error: unknown) => log.error({ err: error, userId }, 'could not load whom a user blocked'));
    },
    last(userId) {
      for (const peer of hidden.get(userId) ?? []) hiddenFrom.remove(peer, userId);
      hidden.delete(userId);
      loads.delete(userId);
    },
  };

  return {
    hooks,
    /** Whether `userId` (who has a socket here) and `peerId` may not see each other. */
    hides: (userId: string, peerId: string) => hidden.get(userId)?.has(peerId) === true,
    /** The users `userId` (who has a socket here) may not see. */
    hiddenTo: (userId: string): ReadonlySet<string> => hidden.get(userId) ?? NO_ONE,
    /** The users here who may not see `peerId`. */
    hiddenFrom: (peerId: string): ReadonlySet<string> | undefined => hiddenFrom.get(peerId),
    /** A block between `userId` and someone changed: their sockets here stop (or start again) seeing that person. */
    async changed(userId: string, change: BlocksChanged) {
      if (!hidden.has(userId)) return;
      const { hid, showed } = await load(userId);
      const sockets = io.local.to(rooms.user(userId));
      const back = showed.length > 0 ? await presence.whoIsOnline(showed) : [];
      if (userId === change.blockerId) {
        sockets.emit('blockChanged', { userId: change.blockedId, blocked: change.blocked });
        if (hid.length > 0 || back.length > 0) sockets.emit('onlineUsersChanged', { online: back, offline: [], hidden: hid });
        return;
      }
      // The blocked person is told nothing that says a block: the blocker, if online, goes offline
      // to them as anyone does, and nothing of their presence reaches them after. Once unblocked they
      // see the blocker as now (offline with no last seen if not online).
      if (change.blocked) {
        const gone = hid.length > 0 ? await presence.whoIsOnline(hid) : [];
        if (gone.length > 0) sockets.emit('onlineUsersChanged', { online: [], offline: gone });
        return;
      }
      const stale = showed.filter((peer) => !back.includes(peer));
      if (showed.length > 0) sockets.emit('onlineUsersChanged', { online: back, offline: [], hidden: stale });
    },
  };
}

export type BlockedPeers = ReturnType<typeof hideBlockedPeers>;

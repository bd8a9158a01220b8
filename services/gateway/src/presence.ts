import { WatchPresenceSchema, type HandshakeAuth, type OnlineUsersChanged, type WatchPresence } from '@chat/contracts';
import type { Presence } from '@chat/presence';
import { compileCheck } from '@chat/kernel';
import type { FastifyBaseLogger } from 'fastify';
import type { BlockedPeers } from './blocked-peers.js';
import { isAcknowledgement, type ChatServer, type ChatSocket } from './chat-server.js';
import { emitFramed } from './framed-emit.js';
import { presenceWatchers } from './presence-watchers.js';
import { socketUserId } from './socket-auth.js';
import { perSocketLimit } from './socket-limit.js';
import type { UserSocketHooks } from './user-sockets.js';

/** At most one delta push per this interval per replica, however many users come and go. */
export const PRESENCE_PUSH_INTERVAL_MS = 250;

/** A socket may change whom it watches, or ask how many are online, this many times per WATCH_WINDOW_MS; more is dropped. */
const WATCHES_PER_WINDOW = 20;
const WATCH_WINDOW_MS = 10_000;

const checkWatch = compileCheck(WatchPresenceSchema);
/** Whom a socket asks to watch, its ids in lower case, or null when it is not a valid ask. */
const watchOf = (payload: unknown): WatchPresence | null => {
  const checked = checkWatch(payload);
  return 'value' in checked ? checked.value : null;
};

/**
 * A user is registered online while this replica holds one of their sockets. A socket hears
 * everyone's presence unless it says whom it watches (in its handshake, or with `watchPresence`
 * later): then it hears only theirs,
 * so a change costs each replica what its watchers there cost (presence-watchers.ts).
 * A socket gets the list once (`getOnlineUsers`, again after each `watchPresence`) and then only
 * the changes since the last push (`onlineUsersChanged`). A block hides each of a pair from the other.
 */
export function trackPresence(io: ChatServer, presence: Presence, blockedPeers: BlockedPeers, log: FastifyBaseLogger) {
  const pending = new Map<string, boolean>();
  let timer: NodeJS.Timeout | undefined;
  let lastPushAt = 0;

  const watchers = presenceWatchers();
  /** Of these sockets, those whose user may see `userId` (no block hides them from it). */
  const notHiddenFrom = (userId: string, sockets: Iterable<ChatSocket>): Iterable<ChatSocket> => {
    const hiddenFrom = blockedPeers.hiddenFrom(userId);
    return hiddenFrom ? [...sockets].filter((socket) => !hiddenFrom.has(socketUserId(socket))) : sockets;
  };
  /**
   * Each watching socket gets one packet a push, with every change among those it watches. Most
   * hear of one user only: they share that user's frame. The few hearing of several are grouped by
   * what they hear, each group a frame.
   */
  const tellWatchers = (change: OnlineUsersChanged) => {
    const wentOnline = new Set(change.online);
    /** Each changed user's sockets here watching them, but those of a viewer a block hides the user from. */
    const watching = [...change.online, ...change.offline].map((userId) => ({
      userId,
      sockets: notHiddenFrom(userId, watchers.of(userId) ?? []),
    }));
    /** Whom each socket hears of, while it is one user; null once it is several. */
    const hears = new Map<ChatSocket, string | null>();
    for (const { userId, sockets } of watching) for (const socket of sockets) hears.set(socket, hears.has(socket) ? null : userId);
    const hearingSeveral = new Map<ChatSocket, OnlineUsersChanged>();
    for (const { userId, sockets } of watching) {
      const kind = wentOnline.has(userId) ? 'online' : 'offline';
      const hearingOnlyThem: ChatSocket[] = [];
      for (const socket of sockets) {
        if (hears.get(socket) === userId) {
          hearingOnlyThem.push(socket);
          continue;
        }
        let theirs = hearingSeveral.get(socket);
        if (!theirs) hearingSeveral.set(socket, (theirs = { online: [], offline: [] }));
        theirs[kind].push(userId);
      }
      emitFramed(io, hearingOnlyThem, 'onlineUsersChanged', { online: [], offline: [], [kind]: [userId] });
    }
    const byPacket = new Map<string, { change: OnlineUsersChanged; sockets: ChatSocket[] }>();
    for (const [socket, theirs] of hearingSeveral) {
      const key = `${theirs.online.join()}/${theirs.offline.join()}`;
      let packet = byPacket.get(key);
      if (!packet) byPacket.set(key, (packet = { change: theirs, sockets: [] }));
      packet.sockets.push(socket);
    }
    for (const { change: theirs, sockets } of byPacket.values()) emitFramed(io, sockets, 'onlineUsersChanged', theirs);
  };

  const push = () => {
    timer = undefined;
    lastPushAt = Date.now();
    const change: OnlineUsersChanged = { online: [], offline: [] };
    const blockedViewers = new Set<string>();
    for (const [userId, online] of pending) {
      (online ? change.online : change.offline).push(userId);
      for (const viewer of blockedPeers.hiddenFrom(userId) ?? []) blockedViewers.add(viewer);
    }
    pending.clear();
    tellWatchers(change);
    tellEveryoneHearers(change, blockedViewers);
  };

  /** One frame for the sockets that hear everyone; each user a block hides someone of the change from gets their own. */
  const tellEveryoneHearers = (change: OnlineUsersChanged, blockedViewers: ReadonlySet<string>) => {
    const unblocked: ChatSocket[] = [];
    const byViewer = new Map<string, ChatSocket[]>();
    for (const socket of watchers.everyone) {
      const viewer = socketUserId(socket);
      if (!blockedViewers.has(viewer)) {
        unblocked.push(socket);
        continue;
      }
      let theirs = byViewer.get(viewer);
      if (!theirs) byViewer.set(viewer, (theirs = []));
      theirs.push(socket);
    }
    emitFramed(io, unblocked, 'onlineUsersChanged', change);
    for (const [viewer, sockets] of byViewer) {
      const visible = (userId: string) => !blockedPeers.hides(viewer, userId);
      const theirs = { online: change.online.filter(visible), offline: change.offline.filter(visible) };
      if (theirs.online.length + theirs.offline.length > 0) emitFramed(io, sockets, 'onlineUsersChanged', theirs);
    }
  };

  const stopListening = presence.onChange(({ userId, online }) => {
    pending.set(userId, online);
    if (timer) return;
    const wait = Math.max(0, lastPushAt + PRESENCE_PUSH_INTERVAL_MS - Date.now());
    timer = setTimeout(push, wait);
  });

  /** Everyone online but the user and those a block hides from them. */
  const countOthersOnline = async (userId: string) => {
    const [count, hiddenOnline, self] = await Promise.all([
      presence.onlineCount(),
      presence.whoIsOnline([...blockedPeers.hiddenTo(userId)]),
      presence.whoIsOnline([userId]),
    ]);
    return Math.max(0, count - hiddenOnline.length - self.length);
  };

  const hooks: UserSocketHooks = {
    async first(userId) {
      await presence.connect(userId).catch((error: unknown) => log.error({ err: error, userId }, 'could not record a connection'));
    },
    last(userId) {
      presence.disconnect(userId).catch((error: unknown) => log.error({ err: error, userId }, 'could not record a disconnect'));
    },
  };

  // What follows is shared by every socket (Socket.IO calls a handler as the socket's): an idle
  // socket holds no closure of its own, only its count of watches.
  const withinLimit = perSocketLimit(WATCHES_PER_WINDOW, WATCH_WINDOW_MS);
  /** Counts each socket's watches: the answer to one a later watch replaced is not sent. */
  const watchCounts = new WeakMap<ChatSocket, number>();

  /** The online users among those watched, the socket's own user included. */
  const sendOnlineUsers = async (socket: ChatSocket, watch: WatchPresence) => {
    const userId = socketUserId(socket);
    const watchNumber = watchCounts.get(socket);
    // The user is online by now, even if a shared presence's mirror has not heard it yet.
    const online = new Set(await (watch === 'everyone' ? presence.onlineUsers() : presence.whoIsOnline(watch))).add(userId);
    if (socket.connected && watchNumber === watchCounts.get(socket)) {
      socket.emit(
        'getOnlineUsers',
        [...online].filter((peer) => !blockedPeers.hides(userId, peer)),
      );
    }
  };
  const startWatching = (socket: ChatSocket, watch: WatchPresence) => {
    watchCounts.set(socket, (watchCounts.get(socket) ?? 0) + 1);
    // Only the index keeps whom a socket watches (one shared copy of each id), not this payload.
    if (watch === 'everyone') watchers.hearEveryone(socket);
    else watchers.watch(socket, watch);
    return sendOnlineUsers(socket, watch);
  };
  function onWatchPresence(this: ChatSocket, payload: unknown) {
    const watch = watchOf(payload);
    if (!watch || !withinLimit(this)) return;
    const userId = socketUserId(this);
    startWatching(this, watch).catch((error: unknown) => log.error({ err: error, userId }, 'could not send the watched users online'));
  }
  function onCountOnline(this: ChatSocket, answer: unknown) {
    if (!isAcknowledgement(answer) || !withinLimit(this)) return;
    const userId = socketUserId(this);
    countOthersOnline(userId)
      .then((count) => answer(count))
      .catch((error: unknown) => log.error({ err: error, userId }, 'could not count the users online'));
  }
  function onDisconnect(this: ChatSocket) {
    watchers.forget(this);
  }

  return {
    hooks,
    /** The sockets here that have `userId` on screen (they watch them, or everyone), but those of viewers a block hides them from. */
    audienceOf: (userId: string): ChatSocket[] => [...notHiddenFrom(userId, [...(watchers.of(userId) ?? []), ...watchers.everyone])],
    async connected(socket: ChatSocket) {
      socket.on('watchPresence', onWatchPresence);
      socket.on('countOnline', onCountOnline);
      socket.on('disconnect', onDisconnect);
      // Whom the handshake says the socket watches: a client that reconnects among 50,000 online is
      // not sent all of them first. One that says nothing (or nothing valid) hears everyone.
      const { watchPresence } = (socket.handshake.auth ?? {}) as HandshakeAuth;
      await startWatching(socket, watchOf(watchPresence) ?? 'everyone');
    },
    stop() {
      stopListening();
      clearTimeout(timer);
    },
  };
}

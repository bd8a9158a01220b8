import type { ChatSocket } from './chat-server.js';

interface Watched {
  userId: string;
  sockets: Set<ChatSocket>;
}

/**
 * Who watches whose presence on this replica: per watched user, the sockets watching them, and the
 * sockets that hear everyone's. Kept apart from Socket.IO's rooms, which cost two set entries and a
 * room name per membership (48 KB a socket at 200 watches): here a watch is one set entry and a
 * reference, and every watch of a user shares one copy of their id.
 */
export function presenceWatchers() {
  const byUser = new Map<string, Watched>();
  const bySocket = new Map<ChatSocket, Watched[]>();
  const everyone = new Set<ChatSocket>();

  const forget = (socket: ChatSocket) => {
    everyone.delete(socket);
    for (const watched of bySocket.get(socket) ?? []) {
      watched.sockets.delete(socket);
      if (watched.sockets.size === 0) byUser.delete(watched.userId);
    }
    bySocket.delete(socket);
  };

  return {
    /** `socket` watches these users from now on, and no one else. */
    watch(socket: ChatSocket, userIds: readonly string[]) {
      forget(socket);
      const watching: Watched[] = [];
      for (const userId of new Set(userIds)) {
        let watched = byUser.get(userId);
        if (!watched) byUser.set(userId, (watched = { userId, sockets: new Set() }));
        watched.sockets.add(socket);
        watching.push(watched);
      }
      bySocket.set(socket, watching);
    },
    /** `socket` hears everyone's presence from now on. */
    hearEveryone(socket: ChatSocket) {
      forget(socket);
      everyone.add(socket);
    },
    /** `socket` watches no one (it left). */
    forget,
    /** The sockets here that hear everyone's presence. */
    everyone: everyone as ReadonlySet<ChatSocket>,
    /** The sockets here watching `userId`. */
    of: (userId: string): ReadonlySet<ChatSocket> | undefined => byUser.get(userId)?.sockets,
  };
}

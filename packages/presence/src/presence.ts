export interface PresenceChange {
  userId: string;
  online: boolean;
}

export type PresenceListener = (change: PresenceChange) => void;

/**
 * The presence port. A user is online while at least one of their connections is registered on
 * any live replica; listeners hear every user that goes online or offline, wherever it happened.
 */
export interface Presence {
  connect(userId: string): Promise<void>;
  disconnect(userId: string): Promise<void>;
  onlineUsers(): Promise<string[]>;
  /** Those of `userIds` who are online: what a socket watching them is told first. */
  whoIsOnline(userIds: readonly string[]): Promise<string[]>;
  /** How many users are online, without listing them. */
  onlineCount(): Promise<number>;
  onChange(listener: PresenceListener): () => void;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Presence for a single process: a connection count per user. */
export function createInProcessPresence(): Presence {
  const connections = new Map<string, number>();
  const listeners = new Set<PresenceListener>();
  const notify = (change: PresenceChange) => {
    for (const listener of listeners) listener(change);
  };
  return {
    async connect(userId) {
      const count = connections.get(userId) ?? 0;
      connections.set(userId, count + 1);
      if (count === 0) notify({ userId, online: true });
    },
    async disconnect(userId) {
      const count = connections.get(userId);
      if (count === undefined) return;
      if (count > 1) {
        connections.set(userId, count - 1);
        return;
      }
      connections.delete(userId);
      notify({ userId, online: false });
    },
    async onlineUsers() {
      return [...connections.keys()];
    },
    async whoIsOnline(userIds) {
      return userIds.filter((userId) => connections.has(userId));
    },
    async onlineCount() {
      return connections.size;
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async ping() {},
    async close() {
      listeners.clear();
      connections.clear();
    },
  };
}

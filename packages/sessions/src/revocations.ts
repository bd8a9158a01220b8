/** A session ended before its token expired: refused until then. */
export interface RevokedSession {
  id: string;
  /** When its token expires, in ms since the epoch; the entry is dropped after that. */
  expiresAt: number;
}

/**
 * The list of revoked sessions every process checks a token against, in memory so a check costs
 * nothing; shared through Redis when distributed. The auth service records revocations in its
 * database first and re-announces them at start, so a list that lost its data is filled again.
 */
export interface SessionRevocations {
  /** Resolves once every process sharing the list will refuse these sessions. */
  revoke(sessions: readonly RevokedSession[]): Promise<void>;
  /**
   * The keeper of the records (auth) fills the list from them now, and again whenever the list is
   * found to have lost its data (a Redis that restarted empty), so a process starting after that
   * still refuses every revoked session.
   */
  keepFilled(records: () => Promise<readonly RevokedSession[]>): Promise<void>;
  isRevoked(sessionId: string): boolean;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** How often expired entries are swept: a sweep walks the whole list, so not on every logout. */
const SWEEP_EVERY_MS = 60_000;

/** The revoked sessions this process has heard of, by id, each kept until its token expires. */
export function revokedSessionMirror() {
  const expiries = new Map<string, number>();
  let sweptAt = Date.now();
  return {
    add(sessions: readonly RevokedSession[]) {
      const now = Date.now();
      for (const { id, expiresAt } of sessions) if (expiresAt > now) expiries.set(id, expiresAt);
      if (now - sweptAt < SWEEP_EVERY_MS) return;
      sweptAt = now;
      for (const [id, expiresAt] of expiries) if (expiresAt <= now) expiries.delete(id);
    },
    has(sessionId: string) {
      const expiresAt = expiries.get(sessionId);
      return expiresAt !== undefined && expiresAt > Date.now();
    },
    clear: () => expiries.clear(),
  };
}

/** The list of one process (embedded mode). */
export function createInProcessRevocations(): SessionRevocations {
  const mirror = revokedSessionMirror();
  return {
    async revoke(sessions) {
      mirror.add(sessions);
    },
    async keepFilled(records) {
      mirror.add(await records());
    },
    isRevoked: (sessionId) => mirror.has(sessionId),
    async ping() {},
    async close() {
      mirror.clear();
    },
  };
}

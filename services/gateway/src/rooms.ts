/** Every Socket.IO room name is made here and only here. */
export const rooms = {
  /** All sockets of one user on this replica. */
  user: (userId: string) => `user:${userId}`,
  /** All sockets of one session, on every replica (through the Socket.IO adapter). */
  session: (sessionId: string) => `session:${sessionId}`,
  /** The sockets on this replica that hear everyone's presence. */
  everyonesPresence: 'presence:everyone',
} as const;

/** Every Socket.IO room name is made here and only here. */
export const rooms = {
  /** All sockets of one user: on this replica, or through the Socket.IO adapter on every replica. */
  user: (userId: string) => `user:${userId}`,
  /** The sockets here of a group's members (docs/groups.md): this replica's alone, never through the adapter. */
  group: (groupId: string) => `group:${groupId}`,
} as const;

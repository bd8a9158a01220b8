/** What every call's room name starts with: the gateway finds its sockets in calls by it. */
export const CALL_ROOM_PREFIX = 'call:';

/** Every Socket.IO room name is made here and only here. */
export const rooms = {
  /** All sockets of one user: on this replica, or through the Socket.IO adapter on every replica. */
  user: (userId: string) => `user:${userId}`,
  /**
   * The sockets of a group's members on each replica (docs/groups.md): its messages are written to
   * the room here alone, from the bus; only typing goes through the adapter, to every replica's room.
   */
  group: (groupId: string) => `group:${groupId}`,
  /** The two sockets of a call, one a side, on whichever replicas: its signals go through the adapter. */
  call: (callId: string) => `${CALL_ROOM_PREFIX}${callId}`,
} as const;

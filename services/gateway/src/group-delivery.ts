import { busPayloadReader, type Bus, type Subscription } from '@chat/bus';
import { GroupEventSchema, GroupReceivedSchema, GroupsOfSchema, subjects, type GroupChanged, type GroupReceived } from '@chat/contracts';
import { setTimeout as sleep } from 'node:timers/promises';
import { compileCheck, withTimeout } from '@chat/kernel';
import type { FastifyBaseLogger } from 'fastify';
import type { ChatServer, ChatSocket } from './chat-server.js';
import { emitFramed } from './framed-emit.js';
import { rooms } from './rooms.js';
import { socketUserId } from './socket-auth.js';
import { perSocketLimit } from './socket-limit.js';
import type { UserSocketHooks } from './user-sockets.js';

/** How long a first socket's handshake waits for the messages service to say which groups its user is in. */
const GROUPS_OF_MS = 2000;
/** How many times more it is asked, each a while later than the last, when it did not answer in time. */
const GROUPS_OF_RETRIES = 5;

const readGroupEvent = busPayloadReader(GroupEventSchema);
const checkGroupReceived = compileCheck(GroupReceivedSchema);
/** A socket may report this many group receipts per RECEIPTS_WINDOW_MS (a client sends one a group about once a second); more are dropped. */
const RECEIPTS_PER_WINDOW = 20;
const RECEIPTS_WINDOW_MS = 1000;
const readGroupsOf = busPayloadReader(GroupsOfSchema);

/**
 * Group fan-out happens here, not in the messages service: a group's message is published once on
 * `chat.group.<groupId>`, and this replica listens to that subject only while it holds a socket of
 * one of its members (its interest), then writes the message once to each local member's socket
 * through the room `group:<groupId>`. A user's groups are asked for as their first socket arrives;
 * `groupChanged` on their own subject (added, removed) and `membersRemoved` on the group's (in
 * order with its messages) keep it up to date: a removed member's sockets leave the room before
 * the group's next message. A member's socket says itself which of a group's messages it has
 * (`groupReceived`): its delivery receipt, passed to `received` for a member only.
 */
export function deliverGroupMessages(
  io: ChatServer,
  bus: Bus,
  log: FastifyBaseLogger,
  received: (userId: string, receipt: GroupReceived) => void,
) {
  /** The groups of each user with a socket here. */
  const groupsOf = new Map<string, Set<string>>();
  /** The groups this replica listens to, with their members here. */
  const interest = new Map<string, { members: Set<string>; subscription: Subscription }>();

  const deliver = (groupId: string, payload: string) => {
    const event = readGroupEvent(payload);
    if (!event) {
      log.error({ groupId }, 'dropped a malformed group event');
      return;
    }
    if (event.event === 'membersRemoved') {
      for (const userId of event.payload.userIds) leave(userId, groupId);
      return;
    }
    // One frame for all of the group's sockets here, written to each (emitFramed): a broadcast
    // through the adapter costs more than the write itself for every copy.
    const socketIds = io.of('/').adapter.rooms.get(rooms.group(groupId)) ?? [];
    const sockets: ChatSocket[] = [];
    for (const socketId of socketIds) {
      const socket = socketId === event.originSocketId ? undefined : io.of('/').sockets.get(socketId);
      if (socket) sockets.push(socket);
    }
    // A group's copies ask for no acknowledgement.
    if (event.event === 'groupReceipts') emitFramed(io, sockets, 'groupReceipts', event.payload);
    else if (event.event === 'messageUpdated') emitFramed(io, sockets, 'messageUpdated', event.payload);
    else emitFramed(io, sockets, 'newMessage', event.payload);
  };

  const join = (userId: string, groupId: string) => {
    const groups = groupsOf.get(userId);
    if (!groups || groups.has(groupId)) return;
    groups.add(groupId);
    let group = interest.get(groupId);
    if (!group) {
      group = { members: new Set(), subscription: bus.subscribe(subjects.groupEvents(groupId), (payload) => deliver(groupId, payload)) };
      interest.set(groupId, group);
    }
    group.members.add(userId);
    io.local.in(rooms.user(userId)).socketsJoin(rooms.group(groupId));
  };

  const leave = (userId: string, groupId: string) => {
    groupsOf.get(userId)?.delete(groupId);
    io.local.in(rooms.user(userId)).socketsLeave(rooms.group(groupId));
    const group = interest.get(groupId);
    if (!group) return;
    group.members.delete(userId);
    if (group.members.size > 0) return;
    group.subscription.unsubscribe();
    interest.delete(groupId);
  };

  /**
   * Asks which groups the user is in and listens to them; the subscriptions are confirmed by the
   * bus before it answers true, so a group's message published from then on reaches this replica
   * (as a user's own subject is confirmed before their first socket is accepted).
   */
  const learnGroups = async (userId: string): Promise<boolean> => {
    try {
      const answer = readGroupsOf(await bus.request(subjects.groupsOf, JSON.stringify({ userId }), GROUPS_OF_MS));
      if (!groupsOf.has(userId)) return true;
      for (const groupId of answer?.groupIds ?? []) join(userId, groupId);
      await withTimeout(bus.ping(), GROUPS_OF_MS, 'the bus did not confirm it in time');
      return true;
    } catch (error) {
      log.warn({ err: error, userId }, 'could not learn the groups of a user');
      return false;
    }
  };

  const hooks: UserSocketHooks = {
    async first(userId) {
      groupsOf.set(userId, new Set());
      if (await learnGroups(userId)) return;
      // Not answered in time (a busy or restarting messages service): asked again, a while apart,
      // while they have a socket here. Meanwhile their groups' messages are in each group's history.
      void (async () => {
        for (let attempt = 1; attempt <= GROUPS_OF_RETRIES; attempt++) {
          await sleep(GROUPS_OF_MS * attempt, undefined, { ref: false });
          if (!groupsOf.has(userId) || (await learnGroups(userId))) return;
        }
      })();
    },
    last(userId) {
      for (const groupId of [...(groupsOf.get(userId) ?? [])]) leave(userId, groupId);
      groupsOf.delete(userId);
    },
  };

  const withinLimit = perSocketLimit(RECEIPTS_PER_WINDOW, RECEIPTS_WINDOW_MS);
  // One handler for every socket (Socket.IO calls it as the socket's): an idle socket holds no closure of its own.
  function onGroupReceived(this: ChatSocket, payload: unknown) {
    const checked = checkGroupReceived(payload);
    const userId = socketUserId(this);
    if (!('value' in checked) || !groupsOf.get(userId)?.has(checked.value.groupId) || !withinLimit(this)) return;
    received(userId, checked.value);
  }

  return {
    hooks,
    connected(socket: ChatSocket) {
      for (const groupId of groupsOf.get(socketUserId(socket)) ?? []) void socket.join(rooms.group(groupId));
      socket.on('groupReceived', onGroupReceived);
    },
    /** Whether a user with a socket here is a member of the group now. */
    isMember: (userId: string, groupId: string) => groupsOf.get(userId)?.has(groupId) ?? false,
    /** The user was added to a group or left it (their own subject says so). */
    changed(userId: string, { groupId, member }: GroupChanged) {
      if (member) join(userId, groupId);
      else leave(userId, groupId);
    },
    stop() {
      for (const group of interest.values()) group.subscription.unsubscribe();
      interest.clear();
      groupsOf.clear();
    },
  };
}

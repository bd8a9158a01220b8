import { TYPING_REPEAT_MS, TypingSchema } from '@chat/contracts';
import { compileCheck } from '@chat/kernel';
import type { BlockedPeers } from './blocked-peers.js';
import type { ChatServer, ChatSocket } from './chat-server.js';
import { rooms } from './rooms.js';
import { socketUserId } from './socket-auth.js';
import { perSocketLimit } from './socket-limit.js';

// Checked as a route checks a body: a user id in upper case is the same person's, in lower case.
const checkTyping = compileCheck(TypingSchema);

/** A socket may say it is typing this many times per TYPING_REPEAT_MS (starts, stops, switching chats); more is dropped. */
const TYPING_EVENTS_PER_WINDOW = 6;

/**
 * Relays "typing" to the sockets of the person typed to, on every replica (through the Socket.IO
 * adapter), as coming from the socket's own user: never stored, never to anyone else, never back
 * to the typist, never between a blocked pair. In a group, from a member to the other members'
 * sockets. A malformed or too frequent notice is dropped.
 */
export function relayTyping(io: ChatServer, blockedPeers: BlockedPeers, isGroupMember: (userId: string, groupId: string) => boolean) {
  const withinLimit = perSocketLimit(TYPING_EVENTS_PER_WINDOW, TYPING_REPEAT_MS);
  // One handler for every socket (Socket.IO calls it as the socket's): an idle socket holds no closure of its own.
  function onTyping(this: ChatSocket, payload: unknown) {
    const from = socketUserId(this);
    const checked = checkTyping(payload);
    if (!('value' in checked)) return;
    const typing = checked.value;
    if (typing.group) {
      // To the group's members on every replica (each holds the room of its own members' sockets), but the typist's.
      if (!isGroupMember(from, typing.to) || !withinLimit(this)) return;
      io.to(rooms.group(typing.to)).except(rooms.user(from)).emit('typing', { from, isTyping: typing.isTyping, groupId: typing.to });
      return;
    }
    if (typing.to === from || blockedPeers.hides(from, typing.to)) return;
    if (!withinLimit(this)) return;
    io.to(rooms.user(typing.to)).emit('typing', { from, isTyping: typing.isTyping });
  }
  return {
    connected(socket: ChatSocket) {
      socket.on('typing', onTyping);
    },
  };
}

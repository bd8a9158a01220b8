import type { Bus } from '@chat/bus';
import {
  CALL_COMMAND_TIMEOUT_MS,
  CALL_SIGNAL_WINDOW_MS,
  CALL_SIGNALS_PER_WINDOW,
  CallSignalSchema,
  MAX_REPORTS_PER_EVENT,
  subjects,
  type CallAnswer,
  type CallEnded,
  type CallsAlive,
  type CallSignal,
  type ClientToServerEvents,
  type RelayedCallCommand,
  SERVER_ERRORS,
} from '@chat/contracts';
import { compileCheck } from '@chat/kernel';
import type { FastifyBaseLogger } from 'fastify';
import { isAcknowledgement, type ChatServer, type ChatSocket } from './chat-server.js';
import { CALL_ROOM_PREFIX, rooms } from './rooms.js';
import { socketUserId } from './socket-auth.js';
import { perSocketLimit } from './socket-limit.js';

/** The messages service's answer is awaited for less than the client waits, so the client hears why. */
const RELAY_TIMEOUT_MS = CALL_COMMAND_TIMEOUT_MS - 2_000;

const unavailable: CallAnswer = { error: { status: 503, message: SERVER_ERRORS.unavailable } };
const checkSignal = compileCheck(CallSignalSchema);

/** Each socket event that is a call command, and the command the messages service knows it by. */
const COMMANDS = {
  callStart: 'start',
  callAccept: 'accept',
  callDecline: 'decline',
  callHangUp: 'hangUp',
  callRejoin: 'rejoin',
  callRinging: 'ringing',
} as const satisfies Partial<Record<keyof ClientToServerEvents, RelayedCallCommand['command']>>;

/** The commands that make the socket its user's side of the call: it is in the call's room from the start, so no signal misses it. */
const TAKES_A_SIDE = new Set<RelayedCallCommand['command']>(['start', 'accept', 'rejoin']);

/**
 * Calls at the gateway (docs/calls.md). A socket's call commands go to the messages service as bus
 * requests, as its user and from it, and the answer comes back as the event's acknowledgement. The
 * socket that places, answers or takes up a call is that side's: it is in the call's room, through
 * which (and the Socket.IO adapter, to any replica) its signals reach the other side's socket and
 * only it; a socket outside the room is not heard. Every third of the grace the messages service is
 * told which sockets here are still in calls; a side it stops hearing of ends the call.
 */
export function relayCalls(io: ChatServer, deps: { bus: Bus; log: FastifyBaseLogger; graceMs: number }) {
  const { bus, log } = deps;
  const withinLimit = perSocketLimit(CALL_SIGNALS_PER_WINDOW, CALL_SIGNAL_WINDOW_MS);
  /**
   * The sockets here that the messages service said are a side of a call (each of one at most):
   * socket id → call id. Only these are heard; one leaves with its room (the call ended, or it disconnected).
   */
  const inCalls = new Map<string, string>();
  io.of('/').adapter.on('leave-room', (room: string, socketId: string) => {
    if (room.startsWith(CALL_ROOM_PREFIX) && inCalls.get(socketId) === room.slice(CALL_ROOM_PREFIX.length)) inCalls.delete(socketId);
  });

  const relay = (socket: ChatSocket, command: RelayedCallCommand['command'], payload: unknown, answer: (answer: CallAnswer) => void) => {
    const callId = (payload as { callId?: unknown } | null)?.callId;
    const room = TAKES_A_SIDE.has(command) && typeof callId === 'string' ? rooms.call(callId.toLowerCase()) : null;
    // Accepting or taking up a call joins its room before the other side can hear of it and signal;
    // the socket is heard only once the answer says the call is its.
    if (room) void socket.join(room);
    const relayed: RelayedCallCommand = { userId: socketUserId(socket), socketId: socket.id, command, payload };
    bus.request(subjects.callCommand, JSON.stringify(relayed), RELAY_TIMEOUT_MS).then(
      (reply) => {
        const answered = JSON.parse(reply) as CallAnswer;
        if ('call' in answered && TAKES_A_SIDE.has(command) && socket.connected) {
          void socket.join(rooms.call(answered.call.id));
          inCalls.set(socket.id, answered.call.id);
        } else if (room) void socket.leave(room);
        answer(answered);
      },
      (error: unknown) => {
        log.warn({ err: error, userId: relayed.userId, command }, 'a call command got no answer from the messages service');
        if (room) void socket.leave(room);
        answer(unavailable);
      },
    );
  };

  // One handler for every socket (Socket.IO calls it as the socket's): an idle socket holds no closure of its own.
  const handlers = Object.entries(COMMANDS).map(([event, command]) => {
    function onCommand(this: ChatSocket, payload: unknown, answer: unknown) {
      if (isAcknowledgement(answer)) relay(this, command, payload, answer);
    }
    return [event as keyof typeof COMMANDS, onCommand] as const;
  });
  function onSignal(this: ChatSocket, payload: unknown) {
    const checked = checkSignal(payload);
    if (!('value' in checked)) return;
    const { callId, description, candidate, camera } = checked.value;
    if (inCalls.get(this.id) !== callId || !withinLimit(this)) return;
    const signal: CallSignal = {
      callId,
      ...(description ? { description } : {}),
      ...(candidate ? { candidate } : {}),
      ...(camera !== undefined ? { camera } : {}),
    };
    io.to(rooms.call(callId)).except(this.id).emit('callSignal', signal);
  }

  const reportAlive = async () => {
    const sockets: CallsAlive['sockets'] = [];
    for (const [socketId, callId] of inCalls) {
      const socket = io.of('/').sockets.get(socketId);
      if (socket) sockets.push({ callId, userId: socketUserId(socket), socketId });
    }
    for (let from = 0; from < sockets.length; from += MAX_REPORTS_PER_EVENT) {
      const report: CallsAlive = { sockets: sockets.slice(from, from + MAX_REPORTS_PER_EVENT) };
      await bus.request(subjects.callsAlive, JSON.stringify(report), RELAY_TIMEOUT_MS);
    }
  };
  const alive = setInterval(() => {
    if (inCalls.size === 0) return;
    reportAlive().catch((error: unknown) => log.warn({ err: error }, 'could not say which sockets are in calls'));
  }, deps.graceMs / 3);

  return {
    connected(socket: ChatSocket) {
      for (const [event, handler] of handlers) socket.on(event, handler);
      socket.on('callSignal', onSignal);
    },
    /** The call ended: the user's sockets here are out of it (no signal passes after). */
    ended(userId: string, { callId }: CallEnded) {
      io.local.in(rooms.user(userId)).socketsLeave(rooms.call(callId));
    },
    stop() {
      clearInterval(alive);
    },
  };
}

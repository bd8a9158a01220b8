import { randomUUID } from 'node:crypto';
import type { Bus, Subscription } from '@chat/bus';
import {
  CALL_ERRORS,
  CallRefSchema,
  CallsAliveSchema,
  CallStartSchema,
  subjects,
  type CallAnswer,
  type CallEnded,
  type Message,
  type RelayedCallCommand,
  type UserEvent,
} from '@chat/contracts';
import type { Database } from '@chat/database';
import { badRequest, compileCheck, conflict, forbidden, HttpError, notFound, type CallTimings } from '@chat/kernel';
import type { FastifyBaseLogger } from 'fastify';
import { blockBetween } from '../blocks/blocks.js';
import { contactExists } from '../contacts/contacts.js';
import { publishToBoth } from '../conversations/publish-to-both.js';
import {
  acceptCall,
  decline,
  endOverdue,
  hangUp,
  logBusy,
  rejoinCall,
  ringingFor,
  stampAlive,
  startCall,
  takesCallsFrom,
  toCall,
  type EndedCall,
} from './calls.js';

const checkStart = compileCheck(CallStartSchema);
const checkRef = compileCheck(CallRefSchema);
const checkAlive = compileCheck(CallsAliveSchema);

/** How often each messages replica looks for calls past their time (rung out, or a side gone). */
const SWEEP_EVERY_MS = 1_000;

interface CallDeps {
  db: Database;
  bus: Bus;
  log: FastifyBaseLogger;
  timings: CallTimings;
}

/**
 * The server's side of calls (docs/calls.md): the gateways relay their sockets' call commands as bus
 * requests, answered here from the `calls` table, and each change goes to both people's sockets on
 * their subjects (`callRing`, `callAccepted`, `callEnded`, and the line a call leaves). Every replica
 * ends the calls past their time. The gateway vouches for the user and the socket: it authenticated it.
 */
export function serveCalls({ db, bus, log, timings }: CallDeps) {
  const publish = (userId: string, event: UserEvent) =>
    bus.publish(subjects.userEvents(userId), JSON.stringify(event)).catch((error: unknown) => {
      log.error({ err: error, userId, event: event.event }, 'could not publish a call event');
    });
  /** The line a call left, to both people's sockets, as a sent message goes. */
  const publishLine = (line: Message) => {
    const payload = JSON.stringify({ event: 'newMessage', payload: line } satisfies UserEvent);
    return publishToBoth({ bus, log }, line, { toSender: payload, toReceiver: payload }, 'could not publish a call’s line');
  };

  /** Both people hear how it ended (but the socket that ended it, which has the answer), then its line. */
  const announceEnd = async ({ call, reason, by, line }: EndedCall, originSocketId?: string): Promise<CallEnded> => {
    const ended: CallEnded = { callId: call.id, reason, ...(by ? { by } : {}) };
    await Promise.all(
      [call.callerId, call.calleeId].map((userId) =>
        publish(userId, { event: 'callEnded', payload: ended, ...(originSocketId ? { originSocketId } : {}) }),
      ),
    );
    await publishLine(line);
    return ended;
  };

  const start = async ({ userId, socketId, payload }: RelayedCallCommand): Promise<CallAnswer> => {
    const checked = checkStart(payload);
    if ('message' in checked) throw badRequest(checked.message);
    const { to, video } = checked.value;
    if (to === userId) throw badRequest(CALL_ERRORS.yourself);
    if (!(await contactExists(db, to))) throw notFound(CALL_ERRORS.userNotFound);
    const block = await blockBetween(db, userId, to);
    if (block !== 'none') throw forbidden(block === 'blocked-me' ? CALL_ERRORS.blockedByCallee : CALL_ERRORS.calleeBlocked);
    if (!(await takesCallsFrom(db, to, userId))) throw forbidden(CALL_ERRORS.notTakingCalls);
    const call = await startCall(db, { callerId: userId, calleeId: to, video, socketId });
    if (call === 'caller-busy') throw conflict(CALL_ERRORS.alreadyInCall);
    if (call === 'callee-busy') {
      // The person called hears of it as a missed call, as they would of any call they could not take.
      await publishLine(await logBusy(db, { callerId: userId, calleeId: to, video }));
      return { ended: { callId: randomUUID(), reason: 'busy' } };
    }
    const ringing = toCall(call);
    await publish(to, { event: 'callRing', payload: ringing });
    return { call: ringing };
  };

  const accept = async ({ userId, socketId, payload }: RelayedCallCommand): Promise<CallAnswer> => {
    const call = await acceptCall(db, { ...ref(payload), userId, socketId });
    if (!call) throw notFound(CALL_ERRORS.ended);
    const accepted = { callId: call.id };
    await Promise.all([
      publish(call.callerId, { event: 'callAccepted', payload: accepted }),
      publish(call.calleeId, { event: 'callAccepted', payload: accepted, originSocketId: socketId }),
    ]);
    return { call: toCall(call) };
  };

  const end = async ({ userId, socketId, payload }: RelayedCallCommand, how: typeof hangUp | typeof decline): Promise<CallAnswer> => {
    const ended = await how(db, { ...ref(payload), userId });
    if (!ended) throw notFound(CALL_ERRORS.ended);
    return { ended: await announceEnd(ended, socketId) };
  };

  const rejoin = async ({ userId, socketId, payload }: RelayedCallCommand): Promise<CallAnswer> => {
    const call = await rejoinCall(db, { ...ref(payload), userId, socketId });
    if (!call) throw notFound(CALL_ERRORS.ended);
    return { call: toCall(call) };
  };

  /** A tab just connected asks which call rings for its user (it missed the `callRing`). */
  const ringing = async ({ userId }: RelayedCallCommand): Promise<CallAnswer> => {
    const call = await ringingFor(db, userId);
    if (!call) throw notFound(CALL_ERRORS.notRinging);
    return { call: toCall(call) };
  };

  const answer = async (command: RelayedCallCommand): Promise<CallAnswer> => {
    try {
      if (command.command === 'start') return await start(command);
      if (command.command === 'accept') return await accept(command);
      if (command.command === 'decline') return await end(command, decline);
      if (command.command === 'hangUp') return await end(command, hangUp);
      if (command.command === 'ringing') return await ringing(command);
      return await rejoin(command);
    } catch (error) {
      if (error instanceof HttpError) return { error: { status: error.statusCode, message: error.message } };
      throw error;
    }
  };

  const subscriptions: Subscription[] = [
    bus.serve(subjects.callCommand, async (payload) => JSON.stringify(await answer(JSON.parse(payload) as RelayedCallCommand))),
    bus.serve(subjects.callsAlive, async (payload) => {
      const checked = checkAlive(JSON.parse(payload));
      if ('value' in checked) await stampAlive(db, checked.value);
      return '{}';
    }),
  ];

  /** The sweep under way, if one is: the next waits for it, and so does stopping. */
  let sweeping: Promise<void> | null = null;
  const sweep = async () => {
    try {
      for (const ended of await endOverdue(db, timings)) await announceEnd(ended);
    } catch (error) {
      log.error({ err: error }, 'could not end the calls past their time');
    }
  };
  const sweeper = setInterval(
    () => {
      sweeping ??= sweep().finally(() => (sweeping = null));
    },
    Math.min(SWEEP_EVERY_MS, timings.graceMs / 4),
  );

  return {
    async stop() {
      clearInterval(sweeper);
      for (const subscription of subscriptions) subscription.unsubscribe();
      await sweeping;
    },
  };
}

/** The call a command is about, or a 400 that says what is wrong with it. */
function ref(payload: unknown): { callId: string } {
  const checked = checkRef(payload);
  if ('message' in checked) throw badRequest(checked.message);
  return checked.value;
}

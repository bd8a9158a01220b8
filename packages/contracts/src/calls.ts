import { Type, type Static } from 'typebox';
import { uuidSchema } from './ids.js';

/** How long a call rings on the callee's devices before it ends unanswered ("Missed voice call"). */
export const CALL_RING_MS = 45_000;
/**
 * How long a side of a call may go unheard (its socket gone, its gateway replica down) before the
 * server ends the call: a tab whose socket comes back within it takes the call up again (`callRejoin`).
 */
export const CALL_GRACE_MS = 15_000;
/** The longest session description a signal carries (an SDP of audio and video is 3–8 KB). */
export const MAX_CALL_SDP_LENGTH = 20_000;
/** The longest ICE candidate line a signal carries. */
export const MAX_CALL_CANDIDATE_LENGTH = 1_000;
/** Signals one socket may send per CALL_SIGNAL_WINDOW_MS (offers, answers, candidates); more are dropped. */
export const CALL_SIGNALS_PER_WINDOW = 200;
export const CALL_SIGNAL_WINDOW_MS = 10_000;
/** How long a client waits for the answer to a call command before it gives up ("try again"). */
export const CALL_COMMAND_TIMEOUT_MS = 10_000;

/** Why a call is refused or a command on it fails, as the answer's `{status, message}` says it. */
export const CALL_ERRORS = {
  yourself: 'You cannot call yourself',
  userNotFound: 'User not found',
  /** To the blocked person: the same words as a message gets, for a call. */
  blockedByCallee: 'This contact is not accepting your calls',
  calleeBlocked: 'You blocked this contact: unblock them to call',
  /** The person called is in another call, or being rung for one. */
  busy: 'On another call',
  /** The person called takes calls from nobody, or only from people they have a conversation with ("Settings → Calls"). */
  notTakingCalls: 'This person does not take calls from you',
  alreadyInCall: 'You are already in a call',
  /** The call is over (or was never this user's to act on). */
  ended: 'This call has ended',
  /** `callRinging`: no call rings for this user now. */
  notRinging: 'No call is ringing for you',
} as const;

/** `callStart`: call `to`, with video or voice only. */
export const CallStartSchema = Type.Object(
  { to: uuidSchema({ errorMessage: 'to must be a user id' }), video: Type.Boolean({ errorMessage: 'video must be true or false' }) },
  { errorMessage: { type: 'A call must be an object', required: { to: 'to must be a user id', video: 'video must be true or false' } } },
);
export type CallStart = Static<typeof CallStartSchema>;

/** `callAccept`, `callDecline`, `callHangUp`, `callRejoin`: which call. */
export const CallRefSchema = Type.Object(
  { callId: uuidSchema({ errorMessage: 'callId must be a call id' }) },
  { errorMessage: { type: 'A call command must be an object', required: { callId: 'callId must be a call id' } } },
);
export type CallRef = Static<typeof CallRefSchema>;

/** `callRinging` asks about the socket's own user: nothing to say. */
export type CallRingingQuery = Record<string, never>;

/** A session description (`RTCSessionDescriptionInit`) as a signal carries it. */
export const CallDescriptionSchema = Type.Object({
  type: Type.Union([Type.Literal('offer'), Type.Literal('answer')]),
  sdp: Type.String({ maxLength: MAX_CALL_SDP_LENGTH }),
});
/** An ICE candidate (`RTCIceCandidateInit`) as a signal carries it. */
export const CallCandidateSchema = Type.Object({
  candidate: Type.String({ maxLength: MAX_CALL_CANDIDATE_LENGTH }),
  sdpMid: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
  sdpMLineIndex: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 64 }), Type.Null()])),
  usernameFragment: Type.Optional(Type.Union([Type.String({ maxLength: 256 }), Type.Null()])),
});

/**
 * `callSignal`: between the call's two sockets (the caller's and the one that answered), relayed as
 * it is: WebRTC's negotiation (an offer or an answer, or an ICE candidate), or the sender's camera
 * turned off or on (`camera`: the other side shows their picture instead of their video, or again
 * their video; a video call with the camera off is a voice call).
 */
export const CallSignalSchema = Type.Object({
  callId: uuidSchema(),
  description: Type.Optional(CallDescriptionSchema),
  candidate: Type.Optional(CallCandidateSchema),
  camera: Type.Optional(Type.Boolean()),
});
export type CallSignal = Static<typeof CallSignalSchema>;

/** A call under way, as both people's apps show it. */
export const CallSchema = Type.Object({
  id: Type.String(),
  callerId: Type.String(),
  calleeId: Type.String(),
  video: Type.Boolean(),
  /** Ringing until one of the callee's devices answers; then active. */
  state: Type.Union([Type.Literal('ringing'), Type.Literal('active')]),
  startedAt: Type.String(),
  answeredAt: Type.Union([Type.String(), Type.Null()]),
});
export type Call = Static<typeof CallSchema>;

/**
 * How a call ended: hung up once active; declined by the callee; not answered within CALL_RING_MS;
 * cancelled by the caller while it rang; the callee busy; or a side lost (gone past CALL_GRACE_MS).
 */
export const CallEndReasonSchema = Type.Union([
  Type.Literal('hungUp'),
  Type.Literal('declined'),
  Type.Literal('noAnswer'),
  Type.Literal('cancelled'),
  Type.Literal('busy'),
  Type.Literal('lost'),
]);
export type CallEndReason = Static<typeof CallEndReasonSchema>;

/** `callEnded`: to both people's sockets; `by` is who ended it, when someone did. */
export const CallEndedSchema = Type.Object({ callId: Type.String(), reason: CallEndReasonSchema, by: Type.Optional(Type.String()) });
export type CallEnded = Static<typeof CallEndedSchema>;

/**
 * The answer to a call command: the call as it now stands (started, accepted, taken up again), how
 * it ended (declined, hung up; or busy at once), or why not (the status an HTTP route would answer).
 */
export type CallAnswer = { call: Call } | { ended: CallEnded } | { error: { status: number; message: string } };

/** `callAccepted`: one of the callee's devices answered: the caller starts the connection, the callee's other tabs stop ringing. */
export const CallAcceptedSchema = Type.Object({ callId: Type.String() });
export type CallAccepted = Static<typeof CallAcceptedSchema>;

/**
 * The line a call leaves in the conversation (a message from the caller to the callee): answered
 * (with how long it lasted), missed (unanswered, cancelled, busy or lost before an answer; counted
 * unread) or declined.
 */
export const CallLogSchema = Type.Object({
  video: Type.Boolean(),
  outcome: Type.Union([Type.Literal('answered'), Type.Literal('missed'), Type.Literal('declined')]),
  /** How long an answered call lasted, in whole seconds. */
  seconds: Type.Optional(Type.Integer({ minimum: 0 })),
});
export type CallLog = Static<typeof CallLogSchema>;

/**
 * The ICE servers a call's connection uses (`GET /api/auth/ice-servers`, fetched for each call): the
 * deployment's STUN and TURN servers, with a TURN credential of this user's that expires at
 * `expiresAt` (coturn's shared-secret scheme); none where none is configured (two tabs of one
 * machine need none). `relayOnly`: the deployment sends every call through its TURN server, so
 * neither side learns the other's address.
 */
export const IceServersSchema = Type.Object({
  iceServers: Type.Array(
    Type.Object({ urls: Type.Array(Type.String()), username: Type.Optional(Type.String()), credential: Type.Optional(Type.String()) }),
  ),
  relayOnly: Type.Boolean(),
  expiresAt: Type.String(),
});
export type IceServers = Static<typeof IceServersSchema>;

/** A socket's call command, as its gateway relays it to the messages service on `calls.command`. */
export interface RelayedCallCommand {
  userId: string;
  socketId: string;
  command: 'start' | 'accept' | 'decline' | 'hangUp' | 'rejoin' | 'ringing';
  /** As the socket sent it, unchecked: the messages service checks it. */
  payload: unknown;
}

/** A gateway's sockets still in calls, on `calls.alive` three times within each CALL_GRACE_MS: each side stays alive. */
export const CallsAliveSchema = Type.Object({
  sockets: Type.Array(Type.Object({ callId: uuidSchema(), userId: uuidSchema(), socketId: Type.String({ maxLength: 64 }) })),
});
export type CallsAlive = Static<typeof CallsAliveSchema>;

import toast from 'react-hot-toast';
import { create } from 'zustand';
import {
  CALL_COMMAND_TIMEOUT_MS,
  CALL_ERRORS,
  type Call,
  type CallAnswer,
  type CallEnded,
  type CallRef,
  type CallRingingQuery,
  type CallSignal,
  type CallStart,
  type IceServers,
} from '@chat/contracts';
import { api } from '../../api/client';
import { t, translatable } from '../../i18n';
import { useAuthStore } from '../../store/use-auth-store';
import { useChatStore } from '../../store/use-chat-store';
import { switchInput, takeCamera, type ChosenDevices, type DeviceKind } from './media-devices';
import { openPeerConnection, type PeerConnection } from './peer-connection';

/** Where this tab's call stands: ringing here, calling out, connecting, under way, or looking for a way back. */
export type CallPhase = 'incoming' | 'outgoing' | 'connecting' | 'active' | 'reconnecting';

/** The other person of the call, as its screens show them. */
export interface CallPeer {
  _id: string;
  fullName: string;
  profilePic: string;
}

interface CallState {
  call: Call | null;
  phase: CallPhase | null;
  peer: CallPeer | null;
  /** Asked for (video or voice) before the call is placed; its tracks stop when the call ends. */
  video: boolean;
  local: MediaStream | null;
  remote: MediaStream | null;
  connection: PeerConnection | null;
  /** What this call's connection goes through, asked for as the call is placed or answered. */
  ice: IceServers | null;
  muted: boolean;
  cameraOff: boolean;
  /** The other person turned their camera off: their picture shows instead of their video. */
  peerCameraOff: boolean;
  /** When media first flowed: the timer counts from it. */
  connectedAt: number | null;
  /** The microphone, camera and speaker chosen during this call. */
  devices: ChosenDevices;
  start(peer: CallPeer, video: boolean): Promise<void>;
  accept(): Promise<void>;
  decline(): Promise<void>;
  hangUp(): Promise<void>;
  toggleMute(): void;
  toggleCamera(): Promise<void>;
  /** Another microphone, camera or speaker, from now on in this call. */
  chooseDevice(kind: DeviceKind, deviceId: string): Promise<void>;
  rang(call: Call): Promise<void>;
  accepted(callId: string): void;
  ended(ended: CallEnded): void;
  signalled(signal: CallSignal): void;
  socketBack(): Promise<void>;
}

const IDLE = {
  call: null,
  phase: null,
  peer: null,
  video: false,
  local: null,
  remote: null,
  connection: null,
  ice: null,
  muted: false,
  cameraOff: false,
  peerCameraOff: false,
  connectedAt: null,
  devices: {},
} satisfies Partial<CallState>;

/** What each end says, to whom: the caller hears "No answer" where the person called missed a call. */
const END_WORDS = {
  hungUp: { caller: translatable('Call ended'), callee: translatable('Call ended') },
  declined: { caller: translatable('Declined'), callee: translatable('Declined') },
  noAnswer: { caller: translatable('No answer'), callee: translatable('Missed call') },
  cancelled: { caller: translatable('Call ended'), callee: translatable('Missed call') },
  busy: { caller: translatable(CALL_ERRORS.busy), callee: translatable('Missed call') },
  lost: { caller: translatable('Call ended: the connection was lost'), callee: translatable('Call ended: the connection was lost') },
} as const;

type CallCommand = 'callStart' | 'callAccept' | 'callDecline' | 'callHangUp' | 'callRejoin' | 'callRinging';

/** A call command over the socket, answered, or a 503 when no answer comes in time. */
async function command(event: CallCommand, payload: CallRef | CallStart | CallRingingQuery): Promise<CallAnswer> {
  const socket = useAuthStore.getState().socket;
  const offline: CallAnswer = { error: { status: 503, message: t('No connection. Try again when you are back online.') } };
  if (!socket?.connected) return offline;
  try {
    // The contract types each command's payload; the six share one answer.
    return (await socket.timeout(CALL_COMMAND_TIMEOUT_MS).emitWithAck(event as 'callAccept', payload as CallRef)) as CallAnswer;
  } catch {
    return offline;
  }
}

/** The microphone, and the camera for a video call; null (and says why) when the browser refuses them. */
async function media(video: boolean): Promise<MediaStream | null> {
  try {
    return await navigator.mediaDevices.getUserMedia({ audio: true, video });
  } catch {
    toast.error(video ? t('Allow the camera and microphone to make video calls') : t('Allow the microphone to make calls'));
    return null;
  }
}

/** The deployment's STUN and TURN servers with a credential of mine; none (a direct connection) if they cannot be had. */
const iceServers = (): Promise<IceServers> =>
  api.getIceServers().catch(() => ({ iceServers: [], relayOnly: false, expiresAt: new Date().toISOString() }));

/** Who is calling: from the inbox when they are in it, else their card. */
async function peerOf(userId: string): Promise<CallPeer> {
  const known = useChatStore.getState().users.find((user) => user._id === userId);
  if (known) return known;
  return api.getContactCard(userId).catch(() => ({ _id: userId, fullName: '', profilePic: '' }));
}

/** This tab's call: placing, ringing, answering and ending it, and its media (docs/calls.md). */
export const useCallStore = create<CallState>()((set, get) => {
  /** Ends the call here: the tracks stop, the connection closes, and (if any) the words say how. */
  const finish = (words?: string) => {
    const { local, connection } = get();
    for (const track of local?.getTracks() ?? []) track.stop();
    connection?.close();
    set(IDLE);
    if (words) toast(t(words));
  };
  const connect = (call: Call, polite: boolean) => {
    const { local, ice } = get();
    if (!local || !ice) return;
    const connection = openPeerConnection(
      local,
      { polite, iceServers: ice.iceServers, relayOnly: ice.relayOnly },
      {
        send: (signal) => useAuthStore.getState().socket?.emit('callSignal', { callId: call.id, ...signal }),
        remote: (remote) => set({ remote }),
        connected: (isConnected) =>
          set((state) => ({
            phase: isConnected ? 'active' : 'reconnecting',
            connectedAt: state.connectedAt ?? (isConnected ? Date.now() : null),
          })),
      },
    );
    set({ connection, phase: 'connecting' });
  };
  /** Refused or failed: the error's words (the server's, in the app's language), and nothing left of the call. */
  const refused = (answer: CallAnswer) => {
    if ('error' in answer) finish(answer.error.message);
    else if ('ended' in answer) finish(END_WORDS[answer.ended.reason].caller);
  };

  return {
    ...IDLE,
    async start(peer, video) {
      if (get().phase) return;
      set({ ...IDLE, phase: 'outgoing', peer, video });
      const [local, ice] = await Promise.all([media(video), iceServers()]);
      if (!local) return finish();
      // Hung up while the browser asked for the microphone.
      if (get().phase !== 'outgoing') return local.getTracks().forEach((track) => track.stop());
      set({ local, ice });
      const answer = await command('callStart', { to: peer._id, video });
      // Hung up while it was being placed: the call, if the server started it, is cancelled at once.
      if (get().local !== local) {
        if ('call' in answer) await command('callHangUp', { callId: answer.call.id });
        return;
      }
      if ('call' in answer) set({ call: answer.call });
      else refused(answer);
    },
    async accept() {
      const { call, phase } = get();
      if (!call || phase !== 'incoming') return;
      const [local, ice] = await Promise.all([media(call.video), iceServers()]);
      if (!local) return get().decline();
      set({ local, ice });
      const answer = await command('callAccept', { callId: call.id });
      if ('call' in answer) connect(answer.call, true);
      else refused(answer);
    },
    async decline() {
      const call = get().call;
      finish();
      if (call) await command('callDecline', { callId: call.id });
    },
    async hangUp() {
      const call = get().call;
      finish();
      if (call) await command('callHangUp', { callId: call.id });
    },
    toggleMute() {
      const muted = !get().muted;
      for (const track of get().local?.getAudioTracks() ?? []) track.enabled = !muted;
      void get().connection?.sending('audio', !muted);
      set({ muted });
    },
    /** Off, the camera is let go (its light goes out) and nothing of it is sent: the call goes on as a voice call until it is on again. */
    async toggleCamera() {
      const { local, connection, call, devices } = get();
      const cameraOff = !get().cameraOff;
      if (!local) return;
      if (cameraOff) {
        for (const track of local.getVideoTracks()) {
          local.removeTrack(track);
          track.stop();
        }
      } else if (!(await takeCamera(local, devices.videoinput))) return void toast.error(t('That device cannot be used'));
      set({ cameraOff });
      await connection?.sending('video', !cameraOff);
      if (call) useAuthStore.getState().socket?.emit('callSignal', { callId: call.id, camera: !cameraOff });
    },
    async chooseDevice(kind, deviceId) {
      const { local, connection, muted, cameraOff, devices } = get();
      // A speaker is the remote sound's to take; a camera chosen while it is off is taken when it is on again.
      if (kind !== 'audiooutput' && !(kind === 'videoinput' && cameraOff)) {
        if (!local || !(await switchInput(local, kind, deviceId))) return void toast.error(t('That device cannot be used'));
        if (kind === 'audioinput') await connection?.sending('audio', !muted);
        else await connection?.sending('video', !cameraOff);
      }
      set({ devices: { ...devices, [kind]: deviceId } });
    },
    async rang(call) {
      // In a call already, this tab does not ring (the server rang because another tab of mine is free).
      if (get().phase) return;
      set({ ...IDLE, call, phase: 'incoming', video: call.video });
      const peer = await peerOf(call.callerId);
      if (get().call?.id === call.id) set({ peer });
    },
    accepted(callId) {
      const { call, phase } = get();
      if (call?.id !== callId) return;
      if (phase === 'outgoing') connect(call, false);
      // Ringing here, answered on another tab or device.
      else if (phase === 'incoming') finish(translatable('Answered on another device'));
    },
    ended({ callId, reason }) {
      const { call } = get();
      if (call?.id !== callId) return;
      const me = useAuthStore.getState().authUser?._id;
      finish(END_WORDS[reason][call.callerId === me ? 'caller' : 'callee']);
    },
    signalled(signal) {
      const { call, connection } = get();
      if (call?.id !== signal.callId) return;
      if (signal.camera !== undefined) set({ peerCameraOff: !signal.camera });
      if (signal.description || signal.candidate) void connection?.receive(signal);
    },
    /**
     * The socket (re)connected: this tab takes its side of the call up again and looks for a new
     * path; or, in no call, rings for one that started while it was away (opened, or asleep).
     */
    async socketBack() {
      const { call, phase } = get();
      if (!phase) {
        const ringing = await command('callRinging', {});
        if ('call' in ringing) await get().rang(ringing.call);
        return;
      }
      if (!call || phase === 'incoming') return;
      const answer = await command('callRejoin', { callId: call.id });
      if ('call' in answer) get().connection?.restart();
      else finish(END_WORDS.lost.caller);
    },
  };
});

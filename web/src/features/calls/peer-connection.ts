import type { CallSignal } from '@chat/contracts';

/** What a call's connection tells the call as it goes. */
export interface PeerEvents {
  /** A signal for the other side (an offer, an answer, a candidate). */
  send(signal: Omit<CallSignal, 'callId'>): void;
  /** The other side's audio and video. */
  remote(stream: MediaStream): void;
  /** Connected (media flows), or lost for now (ICE looks for a way back). */
  connected(isConnected: boolean): void;
}

/**
 * One call's WebRTC connection, negotiated as WebRTC's "perfect negotiation" pattern says: the
 * caller (impolite) offers first, the callee adds its own tracks to what the offer brought and
 * answers; either may offer again (an ICE restart), and when offers cross, the polite side (the
 * callee) gives way. Candidates that come before the description they belong to wait for it.
 */
export function openPeerConnection(
  local: MediaStream,
  { polite, iceServers, relayOnly }: { polite: boolean; iceServers: RTCIceServer[]; relayOnly: boolean },
  events: PeerEvents,
) {
  const connection = new RTCPeerConnection({ iceServers, iceTransportPolicy: relayOnly ? 'relay' : 'all' });
  let makingOffer = false;
  let ignoringOffer = false;
  const early: RTCIceCandidateInit[] = [];
  let tracksAdded = false;
  const addLocalTracks = () => {
    tracksAdded = true;
    for (const track of local.getTracks()) connection.addTrack(track, local);
  };
  // The callee's tracks go on the transceivers the caller's offer makes: one negotiation, not two crossing.
  if (!polite) addLocalTracks();

  connection.onicecandidate = ({ candidate }) => {
    if (candidate) events.send({ candidate: candidate.toJSON() as NonNullable<CallSignal['candidate']> });
  };
  connection.ontrack = ({ streams }) => {
    if (streams[0]) events.remote(streams[0]);
  };
  connection.onconnectionstatechange = () => {
    const state = connection.connectionState;
    if (state === 'connected') events.connected(true);
    else if (state === 'disconnected' || state === 'failed') {
      events.connected(false);
      // A network change or a drop: look for a new path without ending the call.
      if (!polite) connection.restartIce();
    }
  };
  /** The offer or answer just set here, to the other side. */
  const sendDescription = () =>
    events.send({ description: connection.localDescription!.toJSON() as NonNullable<CallSignal['description']> });
  connection.onnegotiationneeded = async () => {
    try {
      makingOffer = true;
      await connection.setLocalDescription();
      sendDescription();
    } finally {
      makingOffer = false;
    }
  };

  return {
    connection,
    /** The other side's signal. */
    async receive({ description, candidate }: CallSignal) {
      if (description) {
        const collision = description.type === 'offer' && (makingOffer || connection.signalingState !== 'stable');
        ignoringOffer = !polite && collision;
        if (ignoringOffer) return;
        await connection.setRemoteDescription(description);
        for (const waiting of early.splice(0)) await connection.addIceCandidate(waiting);
        if (description.type === 'offer') {
          if (!tracksAdded) addLocalTracks();
          await connection.setLocalDescription();
          sendDescription();
        }
      } else if (candidate) {
        if (!connection.remoteDescription) early.push(candidate);
        else
          await connection.addIceCandidate(candidate).catch((error: unknown) => {
            if (!ignoringOffer) throw error;
          });
      }
    },
    /**
     * Stops (or resumes) sending this kind of media: muted, nothing of the microphone leaves at all,
     * not even silence; camera off, no picture.
     */
    async sending(kind: 'audio' | 'video', on: boolean) {
      const track = local.getTracks().find((candidate) => candidate.kind === kind) ?? null;
      // A sender whose track is taken away has no kind of its own: its transceiver's receiver still has.
      const sender = connection.getTransceivers().find((transceiver) => transceiver.receiver.track.kind === kind)?.sender;
      await sender?.replaceTrack(on ? track : null);
    },
    /** Looks for a new path (this side's socket came back after a drop). */
    restart: () => connection.restartIce(),
    close: () => connection.close(),
  };
}

export type PeerConnection = ReturnType<typeof openPeerConnection>;

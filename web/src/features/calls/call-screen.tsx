import { Mic, MicOff, PhoneOff, Video, VideoOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { avatarOf } from '../../lib/avatar';
import { useCallStore, type CallPhase } from './call-store';
import { CallDevices } from './call-devices';
import { CallTimer } from './call-timer';
import { MediaView } from './media-view';
import { RoundButton } from './round-button';

const SHADE_BELOW = 'self-stretch bg-linear-to-b from-black/70 via-transparent to-transparent text-white md:rounded-t-2xl';
const SHADE_ABOVE = 'bg-linear-to-t from-black/70 to-transparent md:rounded-b-2xl';

/** What the call is doing, under the other person's name. */
function CallStatus({ phase }: { phase: Exclude<CallPhase, 'incoming'> }) {
  const { t } = useTranslation();
  const connectedAt = useCallStore((state) => state.connectedAt);
  if (phase === 'active' && connectedAt) return <CallTimer since={connectedAt} />;
  if (phase === 'reconnecting') return <>{t('Reconnecting…')}</>;
  return <>{phase === 'outgoing' ? t('Calling…') : t('Connecting…')}</>;
}

/** Mute, camera (in a video call) and hang up. */
function CallControls() {
  const { t } = useTranslation();
  const muted = useCallStore((state) => state.muted);
  const video = useCallStore((state) => state.video);
  const cameraOff = useCallStore((state) => state.cameraOff);
  const { toggleMute, toggleCamera, hangUp } = useCallStore.getState();
  return (
    <div className="flex justify-center gap-6 p-6">
      <RoundButton label={t('Mute')} pressed={muted} onClick={toggleMute} className={`btn-lg ${muted ? 'btn-neutral' : ''}`}>
        {muted ? <MicOff /> : <Mic />}
      </RoundButton>
      {video && (
        <RoundButton
          label={t('Camera off')}
          pressed={cameraOff}
          onClick={() => void toggleCamera()}
          className={`btn-lg ${cameraOff ? 'btn-neutral' : ''}`}
        >
          {cameraOff ? <VideoOff /> : <Video />}
        </RoundButton>
      )}
      <CallDevices />
      <RoundButton label={t('Hang up')} onClick={() => void hangUp()} className="btn-lg btn-error">
        <PhoneOff />
      </RoundButton>
    </div>
  );
}

/** A call under way, or being placed: the other person (their video, or their picture), my own picture in a corner, the controls. */
export function CallScreen() {
  const { t } = useTranslation();
  const phase = useCallStore((state) => state.phase);
  const peer = useCallStore((state) => state.peer);
  const video = useCallStore((state) => state.video);
  const local = useCallStore((state) => state.local);
  const remote = useCallStore((state) => state.remote);
  const cameraOff = useCallStore((state) => state.cameraOff);
  const speaker = useCallStore((state) => state.devices.audiooutput);
  const peerCameraOff = useCallStore((state) => state.peerCameraOff);
  if (!phase || phase === 'incoming') return null;
  const name = peer?.fullName || t('Someone');
  // With their camera off, their picture shows and their sound plays on.
  const remoteVideo = video && !peerCameraOff && remote !== null && remote.getVideoTracks().length > 0;
  return (
    <section
      aria-label={t('Call with {{name}}', { name })}
      className="fixed inset-0 z-50 flex flex-col bg-neutral text-neutral-content md:inset-8 md:rounded-2xl md:shadow-2xl"
      data-testid="call-screen"
    >
      {remote && (
        <MediaView
          stream={remote}
          video={remoteVideo}
          speaker={speaker}
          className="absolute inset-0 size-full object-cover md:rounded-2xl"
          label={name}
        />
      )}
      {/* Over a picture, the name and the controls sit on a shade of their own, readable whatever the camera shows. */}
      <div className={`relative flex flex-1 flex-col items-center gap-3 p-8 text-center ${remoteVideo ? SHADE_BELOW : ''}`}>
        {!remoteVideo && <img src={avatarOf(peer?.profilePic ?? '')} alt="" className="mt-12 size-32 rounded-full" />}
        <h2 dir="auto" className="text-2xl font-semibold drop-shadow">
          {name}
        </h2>
        <p className="drop-shadow" role="status" data-testid="call-status">
          <CallStatus phase={phase} />
        </p>
      </div>
      {video && local && !cameraOff && (
        <MediaView stream={local} video muted className="absolute end-4 bottom-28 w-28 rounded-xl shadow-lg md:w-48" label={t('You')} />
      )}
      <div className={`relative ${remoteVideo ? SHADE_ABOVE : ''}`}>
        <CallControls />
      </div>
    </section>
  );
}

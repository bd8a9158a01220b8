import { Phone, PhoneOff, Video } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { avatarOf } from '../../lib/avatar';
import { useCallStore } from './call-store';
import { RoundButton } from './round-button';
import { useRingtone } from './use-ringtone';

/**
 * Someone is calling: their picture and name, the kind of call, Accept and Decline, and a ring. A
 * sheet over everything on a phone; a card at the top of the window on a desktop.
 */
export function IncomingCall() {
  const { t } = useTranslation();
  const ringing = useCallStore((state) => state.phase === 'incoming');
  const peer = useCallStore((state) => state.peer);
  const video = useCallStore((state) => state.video);
  const accept = useCallStore((state) => state.accept);
  const decline = useCallStore((state) => state.decline);
  useRingtone(ringing);
  if (!ringing) return null;
  const name = peer?.fullName || t('Someone');
  return (
    <div
      role="alertdialog"
      aria-labelledby="incoming-call-name"
      aria-describedby="incoming-call-kind"
      className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-6 bg-base-300 p-6 md:inset-x-0 md:top-4 md:bottom-auto md:mx-auto md:w-96 md:flex-row md:gap-4 md:rounded-2xl md:p-4 md:shadow-2xl"
      data-testid="incoming-call"
    >
      <img src={avatarOf(peer?.profilePic ?? '')} alt="" className="size-28 rounded-full md:size-12" />
      <div className="min-w-0 text-center md:flex-1 md:text-start">
        <h2 id="incoming-call-name" dir="auto" className="truncate text-2xl font-semibold md:text-base">
          {name}
        </h2>
        <p id="incoming-call-kind" className="text-muted">
          {video ? t('Incoming video call') : t('Incoming voice call')}
        </p>
      </div>
      <div className="flex gap-10 md:gap-3">
        <RoundButton label={t('Decline')} onClick={() => void decline()} className="btn-lg btn-error md:btn-md">
          <PhoneOff />
        </RoundButton>
        <RoundButton label={t('Accept')} onClick={() => void accept()} className="btn-lg btn-success md:btn-md">
          {video ? <Video /> : <Phone />}
        </RoundButton>
      </div>
    </div>
  );
}

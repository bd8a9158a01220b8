import { Phone, Video } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { HeaderIconButton } from '../../ui/header-button';
import { useCallStore, type CallPeer } from './call-store';

/** A conversation header's voice and video call buttons; while this tab is in a call, none. */
export function CallButtons({ peer }: { peer: CallPeer }) {
  const { t } = useTranslation();
  const inCall = useCallStore((state) => state.phase !== null);
  const start = useCallStore((state) => state.start);
  if (inCall) return null;
  return (
    <>
      <HeaderIconButton label={t('Voice call')} onClick={() => void start(peer, false)}>
        <Phone className="size-5" />
      </HeaderIconButton>
      <HeaderIconButton label={t('Video call')} onClick={() => void start(peer, true)}>
        <Video className="size-5" />
      </HeaderIconButton>
    </>
  );
}

import type { CallLog, Message } from '@chat/contracts';
import { Phone, PhoneMissed, Video } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { callWords } from '../../lib/call-words';
import { formatMessageTime } from '../../lib/format-time';
import { useCallStore, type CallPeer } from './call-store';

/**
 * The line a call left in the conversation, centred: what became of it, when, and "Call back" (the
 * same kind of call), which is there while no call is under way here.
 */
export function CallLine({ message, call, myId, peer }: { message: Message; call: CallLog; myId: string; peer: CallPeer }) {
  const { t } = useTranslation();
  const inCall = useCallStore((state) => state.phase !== null);
  const start = useCallStore((state) => state.start);
  const isCaller = message.senderId === myId;
  const missed = call.outcome !== 'answered' && !isCaller;
  const Icon = missed ? PhoneMissed : call.video ? Video : Phone;
  return (
    <div className="my-2 flex justify-center" data-testid="call-line">
      <div className="flex items-center gap-2 rounded-lg bg-base-200 px-3 py-1.5 text-sm shadow-sm">
        <Icon className={`size-4 shrink-0 ${missed ? 'text-error' : 'text-muted'}`} aria-hidden />
        <span dir="auto">{callWords(call, isCaller)}</span>
        <time className="text-xs text-muted" dateTime={message.createdAt}>
          {formatMessageTime(message.createdAt)}
        </time>
        {!inCall && (
          <button type="button" className="btn btn-ghost btn-xs text-highlight" onClick={() => void start(peer, call.video)}>
            {t('Call back')}
          </button>
        )}
      </div>
    </div>
  );
}

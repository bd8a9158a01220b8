import type { Message } from '@chat/contracts';
import { Pin, PinOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messagePreview } from '../../lib/message-preview';
import { useChatStore } from '../../store/use-chat-store';

const NO_PINS: readonly Message[] = [];

interface PinnedBannerProps {
  /** The open chat: a person's id, or a group's. */
  chatId: string;
  /** Who a user id is, as the chat names them. */
  nameOf(userId: string): string;
  /** I may unpin here (anyone in a conversation; in a group, as its rules say). */
  canUnpin: boolean;
}

/**
 * The open chat's pinned messages over it, as WhatsApp's: the latest pinned shown first; a click
 * goes to it and shows the next one, and its button unpins it for everyone.
 */
export function PinnedBanner({ chatId, nameOf, canUnpin }: PinnedBannerProps) {
  const { t } = useTranslation();
  const pinned = useChatStore((state) => (state.pinnedIn === chatId ? state.pinnedMessages : NO_PINS));
  const loadPinned = useChatStore((state) => state.loadPinned);
  const [turn, setTurn] = useState(0);
  useEffect(() => {
    void loadPinned(chatId);
  }, [chatId, loadPinned]);
  if (pinned.length === 0) return null;
  const at = turn % pinned.length;
  const message = pinned[at]!;
  const goTo = () => {
    useChatStore.getState().showMessage(message._id);
    setTurn(at + 1);
  };
  return (
    <div className="flex items-center gap-2 border-b border-base-300 bg-base-100 px-3 py-1" data-testid="pinned-banner">
      <button type="button" className="flex min-w-0 flex-1 items-center gap-3 py-1 text-start" onClick={goTo}>
        <Pin className="size-4 shrink-0 text-muted" aria-hidden="true" />
        <span className="min-w-0">
          <span className="block text-xs font-semibold text-highlight">
            {pinned.length > 1 ? t('Pinned message {{place}} of {{total}}', { place: at + 1, total: pinned.length }) : t('Pinned message')}
          </span>
          <span className="block truncate text-sm">
            <bdi>{nameOf(message.senderId)}</bdi>: <bdi>{messagePreview(message)}</bdi>
          </span>
        </span>
      </button>
      {canUnpin && (
        <button
          type="button"
          className="btn btn-circle btn-ghost btn-sm"
          aria-label={t('Unpin message')}
          title={t('Unpin message')}
          onClick={() => void useChatStore.getState().setMessagePinned(message, false)}
        >
          <PinOff className="size-4" />
        </button>
      )}
    </div>
  );
}

import { ArrowLeft, BellOff, Search, X } from 'lucide-react';
import { useState } from 'react';
import { avatarOf } from '../../lib/avatar';
import { presenceWords } from '../presence';
import { usePresenceStore } from '../../store/use-presence-store';
import { useChatStore, whyConversationClosed } from '../../store/use-chat-store';
import { isMuted, useNotificationStore } from '../../store/use-notification-store';
import { BlockContactDialog } from './block-contact-dialog';
import { ClearChatDialog } from './clear-chat-dialog';
import { ContactInfo } from './contact-info';
import { ConversationMenu } from './conversation-menu';
import { HEADER_BUTTON, HeaderIconButton } from '../../ui/header-button';
import { CallButtons } from '../calls';
import { useTranslation } from 'react-i18next';

/** Who the conversation is with, their presence, and its actions: search, the menu of the rest, close. */
export function ChatHeader({ onSearch }: { onSearch(): void }) {
  const { t } = useTranslation();
  const selectedUser = useChatStore((state) => state.selectedUser);
  const setSelectedUser = useChatStore((state) => state.setSelectedUser);
  const isOnline = usePresenceStore((state) => (selectedUser ? state.onlineUsers.includes(selectedUser._id) : false));
  const isTyping = useChatStore((state) => (selectedUser ? Boolean(state.typingUsers[selectedUser._id]) : false));
  const lastSeen = useChatStore((state) => state.users.find((user) => user._id === selectedUser?._id)?.lastSeen ?? null);
  const closed = useChatStore(whyConversationClosed);
  const muted = useNotificationStore((state) => (selectedUser ? isMuted(state.mutes, selectedUser._id) : false));
  const [isConfirmingBlock, setConfirmingBlock] = useState(false);
  const [isConfirmingClear, setConfirmingClear] = useState(false);
  // Whose contact info is shown: another conversation opened closes it.
  const [infoShownFor, setInfoShownFor] = useState<string | null>(null);
  if (!selectedUser) return null;
  const showInfo = () => setInfoShownFor(selectedUser._id);
  // A block hides presence both ways, and a deleted account has none: nothing is shown rather than a stale "last seen".
  const status = closed ? null : isTyping ? <span className="text-highlight">{t('typing…')}</span> : presenceWords(isOnline, lastSeen);

  return (
    <div className="border-b border-base-300 p-2.5">
      <div className="flex items-center gap-1 md:gap-2">
        {/* On a phone the conversation is the screen: the way back to the list leads its header. */}
        <HeaderIconButton className="md:hidden" label={t('Close chat')} onClick={() => setSelectedUser(null)}>
          <ArrowLeft className="rtl:rotate-180" />
        </HeaderIconButton>
        {/* A click on who it is opens the contact info, as in WhatsApp; the menu's "Contact info" is the way from the keyboard. */}
        <div className="flex min-w-0 flex-1 cursor-pointer items-center gap-3" onClick={showInfo} title={t('Contact info')}>
          <div className="avatar shrink-0">
            <div className="relative size-10 rounded-full">
              <img src={avatarOf(selectedUser.profilePic)} alt={selectedUser.fullName} />
            </div>
          </div>
          <div className="min-w-0">
            <h3 className="flex items-center gap-1.5 font-medium">
              <span dir="auto" className="truncate">
                {selectedUser.fullName}
              </span>
              {muted && <BellOff className="size-4 shrink-0 text-muted" role="img" aria-label={t('Muted')} />}
            </h3>
            {status && (
              <p className="truncate text-sm text-muted" data-testid="chat-status">
                {status}
              </p>
            )}
          </div>
        </div>
        <div className="flex shrink-0 items-center gap-1">
          {!closed && <CallButtons peer={selectedUser} />}
          <button
            type="button"
            className={HEADER_BUTTON}
            onClick={onSearch}
            aria-label={t('Search in this conversation')}
            title={t('Search')}
          >
            <Search className="size-5" />
          </button>
          <ConversationMenu
            userId={selectedUser._id}
            onBlock={closed ? undefined : () => setConfirmingBlock(true)}
            onClear={() => setConfirmingClear(true)}
            onShowInfo={showInfo}
          />
          <HeaderIconButton className="hidden md:flex" label={t('Close chat')} onClick={() => setSelectedUser(null)}>
            <X />
          </HeaderIconButton>
        </div>
      </div>
      <BlockContactDialog contact={isConfirmingBlock ? selectedUser : null} onDone={() => setConfirmingBlock(false)} />
      <ClearChatDialog
        chat={isConfirmingClear ? { id: selectedUser._id, name: selectedUser.fullName, isGroup: false } : null}
        onDone={() => setConfirmingClear(false)}
      />
      {infoShownFor === selectedUser._id && <ContactInfo peer={selectedUser} status={status} onClose={() => setInfoShownFor(null)} />}
    </div>
  );
}

import { useCallback, useEffect, useState } from 'react';
import { ChatContainer, useConversationAddress } from '../features/conversation';
import { KeyboardShortcutsDialog } from './keyboard-shortcuts-dialog';
import { NoChatSelected } from '../features/conversation';
import { Sidebar } from './sidebar';
import { useKeyboardShortcuts } from '../features/inbox';
import { openConversationId, useChatStore } from '../store/use-chat-store';
import { NotFound } from '../ui/not-found';
import { useTranslation } from 'react-i18next';

/** The tab's title counts every unread message, and each conversation marked unread, as messengers do: "(3) Chat.io". */
function useUnreadTitle() {
  const unread = useChatStore(
    (state) =>
      state.users.reduce((total, user) => total + (user.unreadCount || (user.markedUnread ? 1 : 0)), 0) +
      state.groups.reduce((total, entry) => total + (entry.unreadCount || (entry.markedUnread ? 1 : 0)), 0),
  );
  useEffect(() => {
    document.title = unread > 0 ? `(${unread}) Chat.io` : 'Chat.io';
    return () => {
      document.title = 'Chat.io';
    };
  }, [unread]);
}

/**
 * The list and the open conversation side by side; on a phone (below `md`) one at a time, as
 * messengers do there: the list is the screen, and a conversation replaces it until Back.
 */
export function HomePage() {
  const { t } = useTranslation();
  const hasConversation = useChatStore((state) => openConversationId(state) !== undefined);
  const { notFound } = useConversationAddress();
  const [isShowingShortcuts, setShowingShortcuts] = useState(false);
  useUnreadTitle();
  useKeyboardShortcuts(useCallback(() => setShowingShortcuts(true), []));
  const conversationShown = hasConversation || notFound;
  return (
    <main className="h-[var(--visible-height,100dvh)] bg-base-200 pt-16 md:px-4 md:pt-20 md:pb-4">
      <div className="mx-auto flex h-full w-full max-w-6xl overflow-hidden bg-base-100 md:rounded-lg md:shadow-xl">
        <Sidebar hiddenOnPhone={conversationShown} />
        <div className={`${conversationShown ? 'flex' : 'hidden md:flex'} min-w-0 flex-1`}>
          {notFound ? (
            <NotFound title={t('Chat not found')} text={t('Nobody you can write to is at this address.')} home={t('Back to chats')} />
          ) : hasConversation ? (
            <ChatContainer />
          ) : (
            <NoChatSelected />
          )}
        </div>
      </div>
      <KeyboardShortcutsDialog open={isShowingShortcuts} onDone={() => setShowingShortcuts(false)} />
    </main>
  );
}

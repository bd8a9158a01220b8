import { useCallback, useEffect, useState } from 'react';
import { ChatContainer } from '../features/conversation';
import { KeyboardShortcutsDialog } from './keyboard-shortcuts-dialog';
import { NoChatSelected } from '../features/conversation';
import { Sidebar } from './sidebar';
import { useKeyboardShortcuts } from '../features/inbox';
import { useChatStore } from '../store/use-chat-store';

/** The tab's title counts every unread message, and each conversation marked unread, as messengers do: "(3) Chat.io". */
function useUnreadTitle() {
  const unread = useChatStore((state) => state.users.reduce((total, user) => total + (user.unreadCount || (user.markedUnread ? 1 : 0)), 0));
  useEffect(() => {
    document.title = unread > 0 ? `(${unread}) Chat.io` : 'Chat.io';
    return () => {
      document.title = 'Chat.io';
    };
  }, [unread]);
}

export function HomePage() {
  const selectedUser = useChatStore((state) => state.selectedUser);
  const [isShowingShortcuts, setShowingShortcuts] = useState(false);
  useUnreadTitle();
  useKeyboardShortcuts(useCallback(() => setShowingShortcuts(true), []));
  return (
    <main className="h-screen bg-base-200">
      <div className="flex items-center justify-center px-2 pt-20 sm:px-4">
        <div className="h-[calc(100vh-6rem)] w-full max-w-6xl rounded-lg bg-base-100 shadow-xl">
          <div className="flex h-full overflow-hidden rounded-lg">
            <Sidebar />
            {selectedUser ? <ChatContainer /> : <NoChatSelected />}
          </div>
        </div>
      </div>
      <KeyboardShortcutsDialog open={isShowingShortcuts} onDone={() => setShowingShortcuts(false)} />
    </main>
  );
}

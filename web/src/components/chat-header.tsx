import { Archive, ArchiveRestore, Ban, MessageSquareDot, Pin, PinOff, Search, X } from 'lucide-react';
import toast from 'react-hot-toast';
import { useState } from 'react';
import { avatarOf } from '../lib/avatar';
import { formatLastSeen } from '../lib/format-time';
import { useAuthStore } from '../store/use-auth-store';
import { useChatStore, whyConversationClosed } from '../store/use-chat-store';
import { BlockContactDialog } from './block-contact-dialog';
import { MuteButton } from './mute-button';

/** Who the conversation is with, their presence, and its actions: search, pin, archive, mark unread, mute, block, close. */
export function ChatHeader({ onSearch }: { onSearch(): void }) {
  const selectedUser = useChatStore((state) => state.selectedUser);
  const setSelectedUser = useChatStore((state) => state.setSelectedUser);
  const isOnline = useAuthStore((state) => (selectedUser ? state.onlineUsers.includes(selectedUser._id) : false));
  const isTyping = useChatStore((state) => (selectedUser ? Boolean(state.typingUsers[selectedUser._id]) : false));
  const lastSeen = useChatStore((state) => state.users.find((user) => user._id === selectedUser?._id)?.lastSeen ?? null);
  const closed = useChatStore(whyConversationClosed);
  const [isConfirmingBlock, setConfirmingBlock] = useState(false);
  if (!selectedUser) return null;
  // A block hides presence both ways, and a deleted account has none: nothing is shown rather than a stale "last seen".
  const status = closed
    ? null
    : isTyping
      ? <span className="text-highlight">typing…</span>
      : isOnline
        ? 'Online'
        : lastSeen
          ? formatLastSeen(lastSeen)
          : 'Offline';

  return (
    <div className="border-b border-base-300 p-2.5">
      {/* On a phone the actions take a line of their own rather than squeeze the name out. */}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-w-40 flex-1 items-center gap-3">
          <div className="avatar shrink-0">
            <div className="relative size-10 rounded-full">
              <img src={avatarOf(selectedUser.profilePic)} alt={selectedUser.fullName} />
            </div>
          </div>
          <div className="min-w-0">
            <h3 className="truncate font-medium">{selectedUser.fullName}</h3>
            {status && (
              <p className="truncate text-sm text-muted" data-testid="chat-status">
                {status}
              </p>
            )}
          </div>
        </div>
        <div className="ml-auto flex shrink-0 items-center gap-1">
          <button type="button" className="btn btn-ghost btn-sm btn-circle" onClick={onSearch} aria-label="Search in this conversation" title="Search">
            <Search className="size-5" />
          </button>
          <PinButton userId={selectedUser._id} />
          <ArchiveButton userId={selectedUser._id} />
          <MarkUnreadButton userId={selectedUser._id} />
          <MuteButton userId={selectedUser._id} />
          {!closed && (
            <button
              type="button"
              className="btn btn-ghost btn-sm btn-circle"
              onClick={() => setConfirmingBlock(true)}
              aria-label="Block contact"
              title="Block"
            >
              <Ban className="size-5" />
            </button>
          )}
          <button type="button" className="btn btn-ghost btn-sm btn-circle" onClick={() => setSelectedUser(null)} aria-label="Close chat">
            <X />
          </button>
        </div>
      </div>
      <BlockContactDialog contact={isConfirmingBlock ? selectedUser : null} onDone={() => setConfirmingBlock(false)} />
    </div>
  );
}

/** Whether I have a conversation with `userId` (a message either way): pins, the archive and unread marks are for those. */
const useHasConversation = (userId: string) =>
  useChatStore((state) => state.messages.length > 0 || Boolean(state.users.find((user) => user._id === userId)?.lastMessage));

/** Pins the conversation to the top of my inbox. */
function PinButton({ userId }: { userId: string }) {
  const entry = useChatStore((state) => state.users.find((user) => user._id === userId));
  const setPinned = useChatStore((state) => state.setPinned);
  if (!useHasConversation(userId)) return null;
  const isPinned = Boolean(entry?.pinned);
  return (
    <button
      type="button"
      className="btn btn-ghost btn-sm btn-circle"
      onClick={() => void setPinned(userId, !isPinned)}
      aria-label="Pin conversation"
      aria-pressed={isPinned}
      title={isPinned ? 'Unpin' : 'Pin'}
    >
      {isPinned ? <PinOff className="size-5" /> : <Pin className="size-5" />}
    </button>
  );
}

/** Moves the conversation into the archive (closing it, as it leaves the list) or, open from the archive, back to the chats. */
function ArchiveButton({ userId }: { userId: string }) {
  const entry = useChatStore((state) => state.users.find((user) => user._id === userId));
  const setArchived = useChatStore((state) => state.setArchived);
  const setSelectedUser = useChatStore((state) => state.setSelectedUser);
  if (!useHasConversation(userId)) return null;
  const isArchived = Boolean(entry?.archived);
  const toggle = () => {
    void setArchived(userId, !isArchived);
    if (isArchived) return;
    setSelectedUser(null);
    toast.success('Chat archived');
  };
  return (
    <button
      type="button"
      className="btn btn-ghost btn-sm btn-circle"
      onClick={toggle}
      aria-label="Archive conversation"
      aria-pressed={isArchived}
      title={isArchived ? 'Unarchive' : 'Archive'}
    >
      {isArchived ? <ArchiveRestore className="size-5" /> : <Archive className="size-5" />}
    </button>
  );
}

/** Marks the conversation unread to come back to it, and closes it, as a mail client does. */
function MarkUnreadButton({ userId }: { userId: string }) {
  const setMarkedUnread = useChatStore((state) => state.setMarkedUnread);
  const setSelectedUser = useChatStore((state) => state.setSelectedUser);
  if (!useHasConversation(userId)) return null;
  return (
    <button
      type="button"
      className="btn btn-ghost btn-sm btn-circle"
      onClick={() => {
        setSelectedUser(null);
        void setMarkedUnread(userId, true);
      }}
      aria-label="Mark as unread"
      title="Mark as unread"
    >
      <MessageSquareDot className="size-5" />
    </button>
  );
}

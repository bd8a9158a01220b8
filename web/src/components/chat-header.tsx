import { X } from 'lucide-react';
import { avatarOf } from '../lib/avatar';
import { formatLastSeen } from '../lib/format-time';
import { useAuthStore } from '../store/use-auth-store';
import { useChatStore } from '../store/use-chat-store';

export function ChatHeader() {
  const selectedUser = useChatStore((state) => state.selectedUser);
  const setSelectedUser = useChatStore((state) => state.setSelectedUser);
  const isOnline = useAuthStore((state) => (selectedUser ? state.onlineUsers.includes(selectedUser._id) : false));
  const isTyping = useChatStore((state) => (selectedUser ? Boolean(state.typingUsers[selectedUser._id]) : false));
  const lastSeen = useChatStore((state) => state.users.find((user) => user._id === selectedUser?._id)?.lastSeen ?? null);
  if (!selectedUser) return null;
  const status = isTyping ? <span className="text-primary">typing…</span> : isOnline ? 'Online' : lastSeen ? formatLastSeen(lastSeen) : 'Offline';

  return (
    <div className="border-b border-base-300 p-2.5">
      <div className="flex items-center justify-between gap-2">
        <div className="flex min-w-0 items-center gap-3">
          <div className="avatar shrink-0">
            <div className="relative size-10 rounded-full">
              <img src={avatarOf(selectedUser.profilePic)} alt={selectedUser.fullName} />
            </div>
          </div>
          <div className="min-w-0">
            <h3 className="truncate font-medium">{selectedUser.fullName}</h3>
            <p className="truncate text-sm text-base-content/70">{status}</p>
          </div>
        </div>
        <button type="button" className="btn btn-ghost btn-sm btn-circle shrink-0" onClick={() => setSelectedUser(null)} aria-label="Close chat">
          <X />
        </button>
      </div>
    </div>
  );
}

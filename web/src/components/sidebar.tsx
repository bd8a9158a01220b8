import { Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { avatarOf } from '../lib/avatar';
import { useAuthStore } from '../store/use-auth-store';
import { useChatStore } from '../store/use-chat-store';
import { SidebarSkeleton } from './sidebar-skeleton';

export function Sidebar() {
  const { users, selectedUser, isUsersLoading, unreadCounts, getUsers, setSelectedUser } = useChatStore();
  const onlineUsers = useAuthStore((state) => state.onlineUsers);
  const [showOnlineOnly, setShowOnlineOnly] = useState(false);

  useEffect(() => {
    void getUsers();
  }, [getUsers]);

  if (isUsersLoading) return <SidebarSkeleton />;

  const online = new Set(onlineUsers);
  const shown = showOnlineOnly ? users.filter((user) => online.has(user._id)) : users;

  return (
    <aside className="flex h-full w-20 flex-col border-r border-base-300 transition-all duration-200 lg:w-72">
      <div className="w-full border-b border-base-300 p-5">
        <div className="flex items-center gap-2">
          <Users className="size-6" />
          <span className="hidden font-medium lg:block">Contacts</span>
        </div>
        <div className="mt-3 hidden items-center gap-2 lg:flex">
          <label className="flex cursor-pointer items-center gap-2">
            <input
              type="checkbox"
              className="checkbox checkbox-sm"
              checked={showOnlineOnly}
              onChange={(event) => setShowOnlineOnly(event.target.checked)}
            />
            <span className="text-sm">Show online only</span>
          </label>
          <span className="text-xs text-base-content/60">({Math.max(0, onlineUsers.length - 1)} online)</span>
        </div>
      </div>

      <ul className="w-full overflow-y-auto py-3">
        {shown.map((user) => {
          const isOnline = online.has(user._id);
          const isSelected = selectedUser?._id === user._id;
          const unread = unreadCounts[user._id] ?? 0;
          return (
            <li key={user._id}>
              <button
                type="button"
                onClick={() => setSelectedUser(user)}
                aria-current={isSelected ? 'true' : undefined}
                className={`flex w-full items-center gap-3 p-3 transition-colors hover:bg-base-300 ${
                  isSelected ? 'bg-base-300 ring-1 ring-base-300' : ''
                }`}
              >
                <div className="relative mx-auto shrink-0 lg:mx-0">
                  <img src={avatarOf(user.profilePic)} alt={user.fullName} className="size-12 rounded-full object-cover" />
                  {isOnline && (
                    <span className="absolute right-0 bottom-0 size-3 rounded-full bg-green-500 ring-2 ring-base-100" />
                  )}
                  {unread > 0 && <UnreadBadge count={unread} />}
                </div>
                <div className="hidden min-w-0 text-left lg:block">
                  <div className={`truncate ${unread > 0 ? 'font-bold' : 'font-medium'}`}>{user.fullName}</div>
                  <div className="text-sm text-base-content/60">{isOnline ? 'Online' : 'Offline'}</div>
                </div>
              </button>
            </li>
          );
        })}
        {shown.length === 0 && (
          <li className="py-4 text-center text-base-content/60">{showOnlineOnly ? 'No online users' : 'No contacts yet'}</li>
        )}
      </ul>
    </aside>
  );
}

/** New messages from a contact whose conversation is not open. */
function UnreadBadge({ count }: { count: number }) {
  return (
    <span
      className="badge badge-primary badge-sm absolute -top-1 -right-1 min-w-5 px-1 font-semibold"
      aria-label={`${count} unread`}
      title={`${count} unread`}
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}

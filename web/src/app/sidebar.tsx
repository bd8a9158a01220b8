import { Inbox } from '../features/inbox';
import { StarredMessages } from '../features/starred';
import { useStarredStore } from '../store/use-starred-store';

/** The list beside the conversation: the inbox, or my starred messages. */
export function Sidebar() {
  const showStarred = useStarredStore((state) => state.isOpen);
  return (
    <aside className="flex h-full w-20 flex-col border-r border-base-300 transition-all duration-200 lg:w-72">
      {showStarred ? <StarredMessages /> : <Inbox />}
    </aside>
  );
}

import { Inbox } from '../features/inbox';
import { StarredMessages } from '../features/starred';
import { useStarredStore } from '../store/use-starred-store';

/** The list beside the conversation: the inbox, or my starred messages; the whole screen on a phone, unless a conversation is open. */
export function Sidebar({ hiddenOnPhone }: { hiddenOnPhone: boolean }) {
  const showStarred = useStarredStore((state) => state.isOpen);
  return (
    <aside className={`${hiddenOnPhone ? 'hidden md:flex' : 'flex'} h-full w-full shrink-0 flex-col border-base-300 md:w-80 md:border-r`}>
      {showStarred ? <StarredMessages /> : <Inbox />}
    </aside>
  );
}

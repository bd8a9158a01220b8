import { useState } from 'react';
import { useChatStore } from '../../store/use-chat-store';

/** Shown instead of the input in a conversation with someone I blocked. */
export function BlockedContactBar({ userId }: { userId: string }) {
  const unblockUser = useChatStore((state) => state.unblockUser);
  const [isUnblocking, setUnblocking] = useState(false);
  const unblock = async () => {
    setUnblocking(true);
    await unblockUser(userId);
    setUnblocking(false);
  };
  return (
    <div className="flex items-center justify-center gap-3 border-t border-base-300 p-4 text-sm" role="status">
      <span>You blocked this contact</span>
      <button type="button" className="btn btn-sm btn-primary" onClick={() => void unblock()} disabled={isUnblocking}>
        Unblock
      </button>
    </div>
  );
}

/** Shown instead of the input in a conversation with someone who deleted their account. */
export function DeletedAccountBar() {
  return (
    <div className="border-t border-base-300 p-4 text-center text-sm" role="status">
      This account was deleted: messages can no longer be sent to it
    </div>
  );
}

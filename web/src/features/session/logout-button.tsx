import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { useAuthStore } from '../../store/use-auth-store';
import { useChatStore } from '../../store/use-chat-store';
import { ConfirmDialog } from '../../ui/confirm-dialog';

/**
 * Logs out at once; with messages still waiting in the outbox it asks first, as a logout takes
 * them off this device with the drafts.
 */
export function LogoutButton() {
  const logout = useAuthStore((state) => state.logout);
  const me = useAuthStore((state) => state.authUser?._id);
  const unsent = useChatStore((state) => state.pendingMessages.filter((message) => message.senderId === me).length);
  const [isAsking, setAsking] = useState(false);

  return (
    <>
      <button type="button" className="btn btn-sm btn-ghost gap-2" onClick={() => (unsent > 0 ? setAsking(true) : void logout())}>
        <LogOut className="size-4" aria-hidden="true" />
        <span className="sr-only sm:not-sr-only">Logout</span>
      </button>
      <ConfirmDialog
        open={isAsking}
        id="logout-title"
        title="Log out?"
        confirmLabel="Log out"
        onConfirm={logout}
        onDone={() => setAsking(false)}
      >
        {unsent === 1 ? '1 message is not sent yet.' : `${unsent} messages are not sent yet.`} Logging out deletes{' '}
        {unsent === 1 ? 'it' : 'them'} from this device, with your drafts.
      </ConfirmDialog>
    </>
  );
}

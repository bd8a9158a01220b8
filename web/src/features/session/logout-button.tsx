import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { useAuthStore } from '../../store/use-auth-store';
import { useChatStore } from '../../store/use-chat-store';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useTranslation } from 'react-i18next';

/**
 * Logs out at once; with messages still waiting in the outbox it asks first, as a logout takes
 * them off this device with the drafts.
 */
export function LogoutButton() {
  const { t } = useTranslation();
  const logout = useAuthStore((state) => state.logout);
  const me = useAuthStore((state) => state.authUser?._id);
  const unsent = useChatStore((state) => state.pendingMessages.filter((message) => message.senderId === me).length);
  const [isAsking, setAsking] = useState(false);

  return (
    <>
      <button type="button" className="btn btn-sm btn-ghost gap-2" onClick={() => (unsent > 0 ? setAsking(true) : void logout())}>
        <LogOut className="size-4 rtl:-scale-x-100" aria-hidden="true" />
        <span className="sr-only sm:not-sr-only">{t('Logout')}</span>
      </button>
      <ConfirmDialog
        open={isAsking}
        id="logout-title"
        title={t('Log out?')}
        confirmLabel={t('Log out')}
        onConfirm={logout}
        onDone={() => setAsking(false)}
      >
        {t('{{count}} messages are not sent yet. Logging out deletes them from this device, with your drafts.', { count: unsent })}
      </ConfirmDialog>
    </>
  );
}

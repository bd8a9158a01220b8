import { useState } from 'react';
import { useChatStore } from '../../store/use-chat-store';
import { useTranslation } from 'react-i18next';

/** Shown instead of the input in a conversation with someone I blocked. */
export function BlockedContactBar({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const unblockUser = useChatStore((state) => state.unblockUser);
  const [isUnblocking, setUnblocking] = useState(false);
  const unblock = async () => {
    setUnblocking(true);
    await unblockUser(userId);
    setUnblocking(false);
  };
  return (
    <div className="flex items-center justify-center gap-3 border-t border-base-300 p-4 text-sm" role="status">
      <span>{t('You blocked this contact')}</span>
      <button type="button" className="btn btn-sm btn-primary" onClick={() => void unblock()} disabled={isUnblocking}>
        {t('Unblock')}
      </button>
    </div>
  );
}

/** Shown instead of the input in a conversation with someone who deleted their account. */
export function DeletedAccountBar() {
  const { t } = useTranslation();
  return (
    <div className="border-t border-base-300 p-4 text-center text-sm" role="status">
      {t('This account was deleted: messages can no longer be sent to it')}
    </div>
  );
}

/** Shown instead of the input in a group I may not write to: I was removed, or only its admins may. */
export function ClosedGroupBar({ text }: { text: string }) {
  return (
    <div className="border-t border-base-300 p-4 text-center text-sm" role="status">
      {text}
    </div>
  );
}

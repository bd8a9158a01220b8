import type { Contact } from '@chat/contracts';
import { useChatStore } from '../../store/use-chat-store';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useTranslation } from 'react-i18next';

/** Asks before clearing a chat for me, saying that it stays in the list and that the other person keeps every message. */
export function ClearChatDialog({ contact, onDone }: { contact: Contact | null; onDone(): void }) {
  const { t } = useTranslation();
  const clearChat = useChatStore((state) => state.clearChat);
  return (
    <ConfirmDialog
      open={contact !== null}
      id="clear-chat-title"
      title={t('Clear this chat?')}
      confirmLabel={t('Clear chat')}
      onConfirm={async () => contact && clearChat(contact._id)}
      onDone={onDone}
    >
      {t(
        'Its messages will be removed from all your devices, with your stars on them; the chat stays in your list. {{name}} keeps every message. This cannot be undone.',
        { name: contact?.fullName },
      )}
    </ConfirmDialog>
  );
}

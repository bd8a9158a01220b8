import type { Contact } from '@chat/contracts';
import { useChatStore } from '../../store/use-chat-store';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useTranslation } from 'react-i18next';

/** Asks before blocking a contact, saying what it does. */
export function BlockContactDialog({ contact, onDone }: { contact: Contact | null; onDone(): void }) {
  const { t } = useTranslation();
  const blockUser = useChatStore((state) => state.blockUser);
  return (
    <ConfirmDialog
      open={contact !== null}
      id="block-contact-title"
      title={t('Block {{name}}?', { name: contact?.fullName ?? '' })}
      confirmLabel={t('Block')}
      onConfirm={async () => contact && blockUser(contact)}
      onDone={onDone}
    >
      {t(
        'They will not be able to message you, and neither of you will see when the other is online, typing or last seen. They are not told.',
      )}
    </ConfirmDialog>
  );
}

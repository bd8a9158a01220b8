import type { Contact } from '@chat/contracts';
import { useChatStore } from '../../store/use-chat-store';
import { ConfirmDialog } from '../../ui/confirm-dialog';

/** Asks before blocking a contact, saying what it does. */
export function BlockContactDialog({ contact, onDone }: { contact: Contact | null; onDone(): void }) {
  const blockUser = useChatStore((state) => state.blockUser);
  return (
    <ConfirmDialog
      open={contact !== null}
      id="block-contact-title"
      title={`Block ${contact?.fullName ?? ''}?`}
      confirmLabel="Block"
      onConfirm={async () => contact && blockUser(contact)}
      onDone={onDone}
    >
      They will not be able to message you, and neither of you will see when the other is online, typing or last seen. They are not told.
    </ConfirmDialog>
  );
}

import type { Contact } from '@chat/contracts';
import { useState } from 'react';
import { useModalDialog } from '../lib/use-modal-dialog';
import { useChatStore } from '../store/use-chat-store';

/** Asks before blocking a contact, saying what it does. */
export function BlockContactDialog({ contact, onDone }: { contact: Contact | null; onDone(): void }) {
  const dialogRef = useModalDialog(contact !== null);
  const blockUser = useChatStore((state) => state.blockUser);
  const [isBlocking, setBlocking] = useState(false);

  const confirm = async () => {
    if (!contact) return;
    setBlocking(true);
    await blockUser(contact);
    setBlocking(false);
    onDone();
  };

  return (
    <dialog ref={dialogRef} className="modal" aria-labelledby="block-contact-title" onClose={onDone}>
      <div className="modal-box max-w-sm">
        <h3 id="block-contact-title" className="text-lg font-semibold">
          Block {contact?.fullName}?
        </h3>
        <p className="py-3 text-sm opacity-80">
          They will not be able to message you, and neither of you will see when the other is online, typing or last seen. They are
          not told.
        </p>
        <div className="modal-action">
          <button type="button" className="btn btn-ghost" onClick={onDone}>
            Cancel
          </button>
          <button type="button" className="btn btn-error" onClick={() => void confirm()} disabled={isBlocking}>
            Block
          </button>
        </div>
      </div>
    </dialog>
  );
}

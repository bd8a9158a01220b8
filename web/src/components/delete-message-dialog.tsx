import type { Message } from '@chat/contracts';
import { useState } from 'react';
import { useModalDialog } from '../lib/use-modal-dialog';
import { useChatStore } from '../store/use-chat-store';

/** Asks before deleting my message for everyone: it cannot be undone. */
export function DeleteMessageDialog({ message, onDone }: { message: Message | null; onDone(): void }) {
  const dialogRef = useModalDialog(message !== null);
  const deleteMessage = useChatStore((state) => state.deleteMessage);
  const [isDeleting, setDeleting] = useState(false);

  const confirm = async () => {
    if (!message) return;
    setDeleting(true);
    await deleteMessage(message._id);
    setDeleting(false);
    onDone();
  };

  return (
    <dialog ref={dialogRef} className="modal" aria-labelledby="delete-message-title" onClose={onDone}>
      <div className="modal-box max-w-sm">
        <h3 id="delete-message-title" className="text-lg font-semibold">
          Delete message?
        </h3>
        <p className="py-3 text-sm opacity-80">It will be deleted for everyone in this chat. This cannot be undone.</p>
        <div className="modal-action">
          <button type="button" className="btn btn-ghost" onClick={onDone}>
            Cancel
          </button>
          <button type="button" className="btn btn-error" onClick={() => void confirm()} disabled={isDeleting}>
            Delete for everyone
          </button>
        </div>
      </div>
    </dialog>
  );
}

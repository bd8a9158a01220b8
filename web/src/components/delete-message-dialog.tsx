import type { Message } from '@chat/contracts';
import { useChatStore } from '../store/use-chat-store';
import { ConfirmDialog } from './confirm-dialog';

/** Asks before deleting my message for everyone: it cannot be undone. */
export function DeleteMessageDialog({ message, onDone }: { message: Message | null; onDone(): void }) {
  const deleteMessage = useChatStore((state) => state.deleteMessage);
  return (
    <ConfirmDialog
      open={message !== null}
      id="delete-message-title"
      title="Delete message?"
      confirmLabel="Delete for everyone"
      onConfirm={async () => message && deleteMessage(message._id)}
      onDone={onDone}
    >
      It will be deleted for everyone in this chat. This cannot be undone.
    </ConfirmDialog>
  );
}

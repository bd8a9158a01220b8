import type { Message } from '@chat/contracts';
import { useAuthStore } from '../store/use-auth-store';
import { useChatStore } from '../store/use-chat-store';
import { ConfirmDialog } from './confirm-dialog';

/**
 * Asks before deleting a message, as WhatsApp does: my own (not deleted yet) for everyone or for me
 * alone; anyone else's, or one deleted already, for me alone. Neither can be undone.
 */
export function DeleteMessageDialog({ message, peerName, onDone }: { message: Message | null; peerName: string; onDone(): void }) {
  const myId = useAuthStore((state) => state.authUser?._id);
  const { deleteMessage, deleteForMe } = useChatStore.getState();
  const forEveryone = message !== null && message.senderId === myId && message.deletedAt === null;
  const removeForMe = async () => {
    if (!message) return;
    await deleteForMe(message.senderId === myId ? message.receiverId : message.senderId, [message._id]);
  };
  return (
    <ConfirmDialog
      open={message !== null}
      id="delete-message-title"
      title="Delete message?"
      confirmLabel={forEveryone ? 'Delete for everyone' : 'Delete for me'}
      onConfirm={forEveryone ? async () => message && deleteMessage(message._id) : removeForMe}
      alsoOffer={forEveryone ? { label: 'Delete for me', onConfirm: removeForMe } : undefined}
      onDone={onDone}
    >
      {forEveryone
        ? `Delete for everyone removes it from this chat for you and ${peerName}; delete for me, from your devices only. This cannot be undone.`
        : `It will be removed from your devices only: ${peerName} keeps it. This cannot be undone.`}
    </ConfirmDialog>
  );
}

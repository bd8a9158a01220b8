import type { Message } from '@chat/contracts';
import { useAuthStore } from '../../store/use-auth-store';
import { useChatStore } from '../../store/use-chat-store';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useTranslation } from 'react-i18next';

/**
 * Asks before deleting messages of the open conversation, as WhatsApp does: my own (none deleted
 * yet) for everyone or for me alone; any others among them, or one deleted already, for me alone.
 * In a group an admin may delete anyone's for everyone too. Neither can be undone.
 */
export function DeleteMessageDialog({ messages, peerName, onDone }: { messages: Message[] | null; peerName: string; onDone(): void }) {
  const { t } = useTranslation();
  const myId = useAuthStore((state) => state.authUser?._id);
  const { deleteMessage, deleteForMe, setSelecting } = useChatStore.getState();
  const chosen = messages ?? [];
  const inGroup = useChatStore((state) => state.selectedGroup !== null);
  const isAdmin = useChatStore((state) => state.selectedGroup?.members.some((member) => member.userId === myId && member.role === 'admin'));
  const forEveryone =
    chosen.length > 0 && chosen.every((message) => (message.senderId === myId || isAdmin) && message.deletedAt === null && !message.system);
  const done = async (deleting: Promise<unknown>) => {
    await deleting;
    setSelecting(false);
  };
  const removeForMe = () => {
    const [first] = chosen;
    if (!first) return Promise.resolve();
    const peerId = first.groupId ?? (first.senderId === myId ? first.receiverId : first.senderId);
    return done(
      deleteForMe(
        peerId,
        chosen.map((message) => message._id),
      ),
    );
  };
  const removeForEveryone = () => done(Promise.all(chosen.map((message) => deleteMessage(message._id))));
  return (
    <ConfirmDialog
      open={messages !== null}
      id="delete-message-title"
      title={t('Delete {{count}} messages?', { count: chosen.length })}
      confirmLabel={forEveryone ? t('Delete for everyone') : t('Delete for me')}
      onConfirm={forEveryone ? removeForEveryone : removeForMe}
      alsoOffer={forEveryone ? { label: t('Delete for me'), onConfirm: removeForMe } : undefined}
      onDone={onDone}
    >
      {inGroup
        ? forEveryone
          ? t(
              'Delete for everyone removes them from this group for everyone in it; delete for me, from your devices only. This cannot be undone.',
              { count: chosen.length },
            )
          : t('They will be removed from your devices only: the others in {{name}} keep them. This cannot be undone.', {
              count: chosen.length,
              name: peerName,
            })
        : forEveryone
          ? t(
              'Delete for everyone removes them from this chat for you and {{name}}; delete for me, from your devices only. This cannot be undone.',
              { count: chosen.length, name: peerName },
            )
          : t('They will be removed from your devices only: {{name}} keeps them. This cannot be undone.', {
              count: chosen.length,
              name: peerName,
            })}
    </ConfirmDialog>
  );
}

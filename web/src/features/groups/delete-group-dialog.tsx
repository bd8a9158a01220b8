import { useTranslation } from 'react-i18next';
import { useChatStore } from '../../store/use-chat-store';
import { ConfirmDialog } from '../../ui/confirm-dialog';

/** Asks before "Delete group" (offered once I am out of it), saying that its members keep everything. */
export function DeleteGroupDialog({ group, onDone }: { group: { _id: string; name: string } | null; onDone(): void }) {
  const { t } = useTranslation();
  const deleteGroupChat = useChatStore((state) => state.deleteGroupChat);
  return (
    <ConfirmDialog
      open={group !== null}
      id="delete-group-title"
      title={t('Delete “{{name}}”?', { name: group?.name })}
      confirmLabel={t('Delete group')}
      onConfirm={async () => group && deleteGroupChat(group._id)}
      onDone={onDone}
    >
      {t(
        'It will be removed from your list and all your devices, with its messages and your stars on them. Its members keep every message. This cannot be undone.',
      )}
    </ConfirmDialog>
  );
}

import { useChatStore } from '../../store/use-chat-store';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useTranslation } from 'react-i18next';

/** The chat being cleared: a person's (by their id, with their name) or a group's. */
export interface ChatToClear {
  id: string;
  name: string;
  isGroup: boolean;
}

/** Asks before clearing a chat for me, saying that it stays in the list and that the others keep every message. */
export function ClearChatDialog({ chat, onDone }: { chat: ChatToClear | null; onDone(): void }) {
  const { t } = useTranslation();
  const clearChat = useChatStore((state) => state.clearChat);
  return (
    <ConfirmDialog
      open={chat !== null}
      id="clear-chat-title"
      title={t('Clear this chat?')}
      confirmLabel={t('Clear chat')}
      onConfirm={async () => chat && clearChat(chat.id)}
      onDone={onDone}
    >
      {chat?.isGroup
        ? t(
            'Its messages will be removed from all your devices, with your stars on them; the group stays in your list. Its members keep every message. This cannot be undone.',
          )
        : t(
            'Its messages will be removed from all your devices, with your stars on them; the chat stays in your list. {{name}} keeps every message. This cannot be undone.',
            { name: chat?.name },
          )}
    </ConfirmDialog>
  );
}

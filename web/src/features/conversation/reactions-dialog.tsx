import type { Message } from '@chat/contracts';
import { useTranslation } from 'react-i18next';
import { avatarOf } from '../../lib/avatar';
import { MessageDetailDialog, PersonRow } from '../../ui/message-detail-dialog';

interface ReactionsDialogProps {
  /** The message, as the conversation has it now; null while closed. */
  message: Message | null;
  myId: string;
  /** Who a user id is, as the chat names them ("You" for me). */
  nameOf(userId: string): string;
  pictureOf(userId: string): string;
  onDone(): void;
}

/**
 * Who reacted to a message and with what, a person a row, mine first, as WhatsApp lists them: a
 * reaction's tooltip names them too, but a phone has no pointer to hover with.
 */
export function ReactionsDialog({ message, myId, nameOf, pictureOf, onDone }: ReactionsDialogProps) {
  const { t } = useTranslation();
  const given = (message?.reactions ?? []).flatMap(({ emoji, userIds }) => userIds.map((userId) => ({ userId, emoji })));
  const rows = [...given.filter((row) => row.userId === myId), ...given.filter((row) => row.userId !== myId)];
  return (
    <MessageDetailDialog id="reactions-title" title={t('Reactions')} message={message} onDone={onDone}>
      <ul>
        {rows.map(({ userId, emoji }) => (
          <PersonRow key={`${userId} ${emoji}`} picture={avatarOf(pictureOf(userId))} name={nameOf(userId)}>
            <span className="text-xl">{emoji}</span>
          </PersonRow>
        ))}
      </ul>
    </MessageDetailDialog>
  );
}

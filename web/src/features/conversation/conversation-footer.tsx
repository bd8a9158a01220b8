import type { Message } from '@chat/contracts';
import { MessageInput } from '../composer';
import { whyConversationClosed, useChatStore } from '../../store/use-chat-store';
import { BlockedContactBar, ClosedGroupBar, DeletedAccountBar } from './conversation-closed-bar';
import { useTranslation } from 'react-i18next';
import { SelectionBar } from './selection-bar';
import type { useReplyAndEdit } from './use-reply-and-edit';

interface ConversationFooterProps {
  /** The person's id, or the group's. */
  conversationId: string;
  /** Chosen messages' actions, while messages are being chosen. */
  chosen: Message[];
  onForward(messages: Message[]): void;
  onDelete(messages: Message[]): void;
  droppedFiles: File[] | null;
  replyAndEdit: ReturnType<typeof useReplyAndEdit>;
  nameOf(userId: string): string;
}

/** Below the messages: what to do with the chosen ones, why nothing can be written, or the box. */
export function ConversationFooter({
  conversationId,
  chosen,
  onForward,
  onDelete,
  droppedFiles,
  replyAndEdit,
  nameOf,
}: ConversationFooterProps) {
  const { t } = useTranslation();
  const isSelecting = useChatStore((state) => state.selection !== null);
  const closed = useChatStore(whyConversationClosed);
  const { editing, replyingTo, endEdit, endReply, editLatest } = replyAndEdit;
  if (isSelecting) return <SelectionBar chosen={chosen} onForward={onForward} onDelete={onDelete} />;
  if (closed === 'account deleted') return <DeletedAccountBar />;
  if (closed === 'blocked') return <BlockedContactBar userId={conversationId} />;
  if (closed === 'removed from group')
    return <ClosedGroupBar text={t('You can’t send messages to this group because you’re no longer a member')} />;
  if (closed === 'admins only') return <ClosedGroupBar text={t('Only admins can send messages')} />;
  return (
    <MessageInput
      peerId={conversationId}
      droppedFiles={droppedFiles}
      editing={editing}
      onEditDone={endEdit}
      onEditLatest={editLatest}
      replyingTo={replyingTo && { message: replyingTo, authorName: nameOf(replyingTo.senderId) }}
      onReplyDone={endReply}
    />
  );
}

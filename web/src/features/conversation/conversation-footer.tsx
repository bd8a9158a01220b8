import type { Contact, Message } from '@chat/contracts';
import { MessageInput } from '../composer';
import { whyConversationClosed, useChatStore } from '../../store/use-chat-store';
import { BlockedContactBar, DeletedAccountBar } from './conversation-closed-bar';
import { SelectionBar } from './selection-bar';
import type { useReplyAndEdit } from './use-reply-and-edit';

interface ConversationFooterProps {
  peer: Contact;
  /** Chosen messages' actions, while messages are being chosen. */
  chosen: Message[];
  onForward(messages: Message[]): void;
  onDelete(messages: Message[]): void;
  droppedFiles: File[] | null;
  replyAndEdit: ReturnType<typeof useReplyAndEdit>;
  nameOf(userId: string): string;
}

/** Below the messages: what to do with the chosen ones, why nothing can be written, or the box. */
export function ConversationFooter({ peer, chosen, onForward, onDelete, droppedFiles, replyAndEdit, nameOf }: ConversationFooterProps) {
  const isSelecting = useChatStore((state) => state.selection !== null);
  const closed = useChatStore(whyConversationClosed);
  const { editing, replyingTo, endEdit, endReply, editLatest } = replyAndEdit;
  if (isSelecting) return <SelectionBar chosen={chosen} onForward={onForward} onDelete={onDelete} />;
  if (closed === 'account deleted') return <DeletedAccountBar />;
  if (closed === 'blocked') return <BlockedContactBar userId={peer._id} />;
  return (
    <MessageInput
      peerId={peer._id}
      droppedFiles={droppedFiles}
      editing={editing}
      onEditDone={endEdit}
      onEditLatest={editLatest}
      replyingTo={replyingTo && { message: replyingTo, authorName: nameOf(replyingTo.senderId) }}
      onReplyDone={endReply}
    />
  );
}

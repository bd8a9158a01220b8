import type { Message } from '@chat/contracts';
import { useCallback, useEffect, useState } from 'react';
import { mayEdit } from './message-action-list';

/**
 * The message being answered or changed in the open conversation: one at a time, and none once
 * another conversation opens. `editLatest` starts changing my latest message (Up in an empty box).
 */
export function useReplyAndEdit(conversationId: string | undefined, messages: Message[], myId: string | undefined) {
  const [editing, setEditing] = useState<Message | null>(null);
  const [replyingTo, setReplyingTo] = useState<Message | null>(null);
  useEffect(() => {
    setEditing(null);
    setReplyingTo(null);
  }, [conversationId]);
  const startReply = useCallback((message: Message) => {
    setEditing(null);
    setReplyingTo(message);
  }, []);
  const startEdit = useCallback((message: Message) => {
    setReplyingTo(null);
    setEditing(message);
  }, []);
  const editLatest = () => {
    const latest = messages.findLast((message) => message.senderId === myId);
    if (!latest || !mayEdit(latest)) return false;
    startEdit(latest);
    return true;
  };
  return {
    editing,
    replyingTo,
    startReply,
    startEdit,
    editLatest,
    endEdit: () => setEditing(null),
    endReply: () => setReplyingTo(null),
  };
}

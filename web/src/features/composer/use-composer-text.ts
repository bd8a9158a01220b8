import type { Message } from '@chat/contracts';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useChatStore } from '../../store/use-chat-store';

/**
 * The words in the box: the draft written to `peerId`, or, while one of my messages is being
 * changed, that message's own text (the draft waits, untouched, until the edit ends). The box is as
 * tall as its lines (up to its max-height, then it scrolls) and takes the focus when an edit or a
 * reply starts.
 */
export function useComposerText(peerId: string, editing: Message | null, replyingToId: string | undefined) {
  const draft = useChatStore((state) => state.drafts[peerId] ?? '');
  const setDraft = useChatStore((state) => state.setDraft);
  const notifyTyping = useChatStore((state) => state.notifyTyping);
  const [editText, setEditText] = useState('');
  const boxRef = useRef<HTMLTextAreaElement>(null);
  const text = editing ? editText : draft;

  useEffect(() => {
    if (!editing) return;
    notifyTyping(false);
    setEditText(editing.text ?? '');
    boxRef.current?.focus();
  }, [editing, notifyTyping]);

  useEffect(() => {
    if (replyingToId) boxRef.current?.focus();
  }, [replyingToId]);

  useLayoutEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    box.style.height = 'auto';
    box.style.height = `${box.scrollHeight + box.offsetHeight - box.clientHeight}px`;
  }, [text]);

  return {
    text,
    setText: (next: string) => (editing ? setEditText(next) : setDraft(peerId, next)),
    clearDraft: () => setDraft(peerId, ''),
    boxRef,
    focus: () => boxRef.current?.focus(),
  };
}

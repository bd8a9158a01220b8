import { useCallback, useEffect, useState, type RefObject } from 'react';
import { prefersReducedMotion } from '../../ui/use-reduced-motion';
import { useChatStore } from '../../store/use-chat-store';

/** How long a message gone to from a quote stays outlined. */
const HIGHLIGHT_MS = 2_000;

/**
 * Going to a message of the open conversation, from a quote or a search result: older pages load
 * until it is there, then it is scrolled to and outlined for a moment (`highlightedId`). A message
 * opened from the search of all chats is gone to once its conversation has loaded.
 */
export function useGoToMessage(listRef: RefObject<HTMLDivElement | null>, isMessagesLoading: boolean, messageCount: number) {
  const [highlightedId, setHighlightedId] = useState<string | null>(null);
  const goToMessage = useCallback(async (messageId: string) => {
    const isLoaded = () => useChatStore.getState().messages.some((message) => message._id === messageId);
    while (!isLoaded() && useChatStore.getState().hasOlderMessages) {
      const before = useChatStore.getState().messages.length;
      await useChatStore.getState().loadOlderMessages();
      if (useChatStore.getState().messages.length === before) break;
    }
    if (isLoaded()) setHighlightedId(messageId);
  }, []);

  const jumpTarget = useChatStore((state) => state.jumpTarget);
  useEffect(() => {
    if (!jumpTarget || isMessagesLoading || messageCount === 0) return;
    useChatStore.getState().clearJumpTarget();
    void goToMessage(jumpTarget);
  }, [jumpTarget, isMessagesLoading, messageCount, goToMessage]);

  useEffect(() => {
    if (!highlightedId) return;
    listRef.current
      ?.querySelector(`[data-message-id="${CSS.escape(highlightedId)}"]`)
      ?.scrollIntoView({ block: 'center', behavior: prefersReducedMotion() ? 'instant' : 'smooth' });
    const timer = setTimeout(() => setHighlightedId(null), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlightedId, listRef]);

  return { highlightedId, goToMessage };
}

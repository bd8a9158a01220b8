import type { Message } from '@chat/contracts';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { prefersReducedMotion } from '../../ui/use-reduced-motion';

/** How close to the top a scroll must come to fetch the older page. */
const LOAD_OLDER_THRESHOLD_PX = 48;
/** How near the end of the list a reader counts as reading the latest messages. */
const AT_BOTTOM_PX = 48;

interface ConversationScrollOptions {
  /** The newest message shown (one of the outbox's included): a new one scrolls into view. */
  newestId: string | undefined;
  /** Whose conversation is open: another one opens at its latest message. */
  conversationId: string | undefined;
  messages: Message[];
  isMessagesLoading: boolean;
  isOlderLoading: boolean;
  hasOlderMessages: boolean;
  loadOlderMessages(): Promise<void>;
}

/**
 * Where the conversation's list is scrolled: at the latest message on opening, following new ones,
 * kept in place as older pages load above, and how far from the latest the reader is.
 */
export function useConversationScroll({
  newestId,
  conversationId,
  messages,
  isMessagesLoading,
  isOlderLoading,
  hasOlderMessages,
  loadOlderMessages,
}: ConversationScrollOptions) {
  const listRef = useRef<HTMLDivElement>(null);
  const endRef = useRef<HTMLDivElement>(null);
  const heightBeforeOlder = useRef<number | null>(null);

  // A conversation opens at its latest message at once (scrolling smoothly from the top would pass
  // the top and load older pages); a new message then scrolls smoothly into view, and a page of
  // older ones keeps the reader where they were. Less motion, when asked for, means no smooth scroll.
  const shownNewestId = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!newestId) return;
    const opening = shownNewestId.current === undefined;
    shownNewestId.current = newestId;
    endRef.current?.scrollIntoView({ behavior: opening || prefersReducedMotion() ? 'instant' : 'smooth' });
  }, [newestId]);
  useEffect(() => {
    shownNewestId.current = undefined;
  }, [conversationId]);

  useLayoutEffect(() => {
    const list = listRef.current;
    if (list && heightBeforeOlder.current !== null && !isOlderLoading) {
      list.scrollTop += list.scrollHeight - heightBeforeOlder.current;
      heightBeforeOlder.current = null;
    }
  }, [messages, isOlderLoading]);

  // A reader at the latest message stays there when the list gets shorter (a reply or editing bar
  // opens above the input) or its content taller.
  const isAtBottom = useRef(true);
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const observer = new ResizeObserver(() => {
      if (isAtBottom.current) list.scrollTop = list.scrollHeight;
    });
    observer.observe(list);
    return () => observer.disconnect();
  }, [isMessagesLoading]);

  // Far enough up the history, a button offers the way back to the latest message.
  const [isFarFromLatest, setFarFromLatest] = useState(false);
  useEffect(() => setFarFromLatest(false), [conversationId]);
  const scrollToLatest = () => endRef.current?.scrollIntoView({ behavior: prefersReducedMotion() ? 'instant' : 'smooth' });

  const onScroll = () => {
    const list = listRef.current;
    if (!list) return;
    const belowView = list.scrollHeight - list.scrollTop - list.clientHeight;
    isAtBottom.current = belowView < AT_BOTTOM_PX;
    setFarFromLatest(belowView > list.clientHeight / 2);
    if (list.scrollTop > LOAD_OLDER_THRESHOLD_PX || !hasOlderMessages || isOlderLoading) return;
    heightBeforeOlder.current = list.scrollHeight;
    void loadOlderMessages();
  };

  return { listRef, endRef, onScroll, isFarFromLatest, scrollToLatest };
}

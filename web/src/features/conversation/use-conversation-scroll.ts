import type { Message } from '@chat/contracts';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { prefersReducedMotion } from '../../ui/use-reduced-motion';

/** How close to the top a scroll must come to fetch the older page. */
const LOAD_OLDER_THRESHOLD_PX = 48;
/** How near the end of the list a reader counts as reading the latest messages. */
const AT_BOTTOM_PX = 48;

interface ConversationScrollOptions {
  /** The newest message shown (one of the outbox's included): a new one scrolls into view. */
  newestId: string | undefined;
  /** The signed-in user: my own new message is always scrolled to; theirs only when the reader is at the latest. */
  myId: string | undefined;
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
  myId,
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
  // the top and load older pages); a new message then scrolls smoothly into view when the reader was
  // at the latest one or sent it, and a page of older ones keeps the reader where they were. Less
  // motion, when asked for, means no smooth scroll.
  const isAtBottom = useRef(true);
  const shownNewestId = useRef<string | undefined>(undefined);
  // The newest message the reader has seen at the end of the list: those after it are new to them.
  const [seenNewestId, setSeenNewestId] = useState<string | undefined>(undefined);
  const newestIsTheirs = messages.at(-1)?._id === newestId && messages.at(-1)?.senderId !== myId;
  useEffect(() => {
    if (!newestId) return;
    const opening = shownNewestId.current === undefined;
    shownNewestId.current = newestId;
    if (!opening && !isAtBottom.current && newestIsTheirs) return;
    setSeenNewestId(newestId);
    endRef.current?.scrollIntoView({ behavior: opening || prefersReducedMotion() ? 'instant' : 'smooth' });
  }, [newestId, newestIsTheirs]);
  useEffect(() => {
    shownNewestId.current = undefined;
    isAtBottom.current = true;
  }, [conversationId]);
  const unseenCount = useMemo(() => countAfter(messages, seenNewestId, myId), [messages, seenNewestId, myId]);

  useLayoutEffect(() => {
    const list = listRef.current;
    if (list && heightBeforeOlder.current !== null && !isOlderLoading) {
      list.scrollTop += list.scrollHeight - heightBeforeOlder.current;
      heightBeforeOlder.current = null;
    }
  }, [messages, isOlderLoading]);

  // A reader at the latest message stays there when the list gets shorter (a reply or editing bar
  // opens above the input) or a message taller (a link's card arriving after its text).
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const observer = new ResizeObserver(() => {
      if (isAtBottom.current) list.scrollTop = list.scrollHeight;
    });
    observer.observe(list);
    for (const row of list.children) observer.observe(row);
    const rows = new MutationObserver((changes) => {
      for (const { addedNodes, removedNodes } of changes) {
        for (const row of addedNodes) if (row instanceof Element) observer.observe(row);
        for (const row of removedNodes) if (row instanceof Element) observer.unobserve(row);
      }
    });
    rows.observe(list, { childList: true });
    return () => {
      observer.disconnect();
      rows.disconnect();
    };
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
    if (isAtBottom.current) setSeenNewestId(shownNewestId.current);
    setFarFromLatest(belowView > list.clientHeight / 2);
    if (list.scrollTop > LOAD_OLDER_THRESHOLD_PX || !hasOlderMessages || isOlderLoading) return;
    heightBeforeOlder.current = list.scrollHeight;
    void loadOlderMessages();
  };

  return { listRef, endRef, onScroll, isFarFromLatest, unseenCount, scrollToLatest };
}

/** How many of the other person's messages came after the one the reader saw last at the end of the list. */
function countAfter(messages: Message[], seenId: string | undefined, myId: string | undefined): number {
  const seenAt = messages.findIndex((message) => message._id === seenId);
  if (seenAt === -1) return 0;
  return messages.slice(seenAt + 1).filter((message) => message.senderId !== myId).length;
}

import { DEFAULT_PAGE, searchWords, type Contact } from '@chat/contracts';
import { ChevronDown, ChevronUp, Search, X } from 'lucide-react';
import { useEffect, useEffectEvent, useRef, useState, type KeyboardEvent } from 'react';
import toast from 'react-hot-toast';
import { conversationApi } from './conversation-api';
import { errorMessage } from '../../store/use-auth-store';
import { useChatStore } from '../../store/use-chat-store';

/** How long typing pauses before the conversation is searched. */
const SEARCH_DELAY_MS = 300;

interface ConversationSearchProps {
  peer: Contact;
  /** The words searched for now, for the conversation to mark them. */
  onQueryChange(query: string): void;
  onClose(): void;
}

/**
 * A search of the open conversation: the newest match first, then older ones (Enter or ↑) and back
 * (Shift+Enter or ↓), each shown in the conversation, older pages of matches loaded as they are reached.
 */
export function ConversationSearch({ peer, onQueryChange, onClose }: ConversationSearchProps) {
  const [query, setQuery] = useState('');
  const [matches, setMatches] = useState<string[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [index, setIndex] = useState(0);
  const [searched, setSearched] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const openMessage = useChatStore((state) => state.openMessage);
  const show = (messageId: string) => openMessage(peer, messageId);
  const onSearched = useEffectEvent((wanted: string, firstMatch?: string) => {
    onQueryChange(wanted);
    if (firstMatch) show(firstMatch);
  });

  useEffect(() => inputRef.current?.focus(), []);

  useEffect(() => {
    const wanted = query.trim();
    if (searchWords(wanted).length === 0) {
      setMatches([]);
      setSearched('');
      onSearched('');
      return;
    }
    let current = true;
    const timer = setTimeout(async () => {
      try {
        const found = await conversationApi.search(peer._id, wanted);
        if (!current) return;
        setMatches(found.map(({ message }) => message._id));
        setHasMore(found.length === DEFAULT_PAGE);
        setIndex(0);
        setSearched(wanted);
        onSearched(wanted, found[0]?.message._id);
      } catch (error) {
        if (current) toast.error(errorMessage(error));
      }
    }, SEARCH_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [query, peer._id]);

  const older = async () => {
    if (index + 1 < matches.length) {
      setIndex(index + 1);
      show(matches[index + 1]!);
      return;
    }
    if (!hasMore || !searched) return;
    try {
      const found = await conversationApi.search(peer._id, searched, matches.at(-1));
      setHasMore(found.length === DEFAULT_PAGE);
      if (found.length === 0) return;
      setMatches([...matches, ...found.map(({ message }) => message._id)]);
      setIndex(index + 1);
      show(found[0]!.message._id);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  const newer = () => {
    if (index === 0) return;
    setIndex(index - 1);
    show(matches[index - 1]!);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') onClose();
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (event.shiftKey) newer();
    else void older();
  };

  const position = !searched ? '' : matches.length === 0 ? 'No results' : `${index + 1} of ${matches.length}${hasMore ? '+' : ''}`;

  return (
    <div className="flex items-center gap-2 border-b border-base-300 px-3 py-2" role="search">
      <label className="input input-sm flex-1">
        <Search className="size-4 opacity-60" aria-hidden="true" />
        <input
          ref={inputRef}
          type="search"
          className="grow"
          placeholder="Search in this conversation"
          aria-label="Search in this conversation"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={onKeyDown}
        />
      </label>
      <span className="min-w-16 text-right text-sm" aria-live="polite" data-testid="search-position">
        {position}
      </span>
      <button
        type="button"
        className="btn btn-ghost btn-sm btn-circle"
        onClick={() => void older()}
        disabled={index + 1 >= matches.length && !hasMore}
        aria-label="Older match"
      >
        <ChevronUp className="size-4" />
      </button>
      <button type="button" className="btn btn-ghost btn-sm btn-circle" onClick={newer} disabled={index === 0} aria-label="Newer match">
        <ChevronDown className="size-4" />
      </button>
      <button type="button" className="btn btn-ghost btn-sm btn-circle" onClick={onClose} aria-label="Close search">
        <X className="size-4" />
      </button>
    </div>
  );
}

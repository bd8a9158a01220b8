import { ChevronDown, ChevronUp, Search, X } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useConversationMatches } from './use-conversation-matches';
import { useTranslation } from 'react-i18next';

interface ConversationSearchProps {
  /** The open conversation: a person's or a group's. */
  conversationId: string;
  /** The words searched for now, for the conversation to mark them. */
  onQueryChange(query: string): void;
  onClose(): void;
}

/**
 * A search of the open conversation: the newest match first, then older ones (Enter or ↑) and back
 * (Shift+Enter or ↓), each shown in the conversation, older pages of matches loaded as they are reached.
 */
export function ConversationSearch({ conversationId, onQueryChange, onClose }: ConversationSearchProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => inputRef.current?.focus(), []);
  const { position, older, newer, hasOlder, hasNewer } = useConversationMatches(conversationId, query, onQueryChange);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') onClose();
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (event.shiftKey) newer();
    else void older();
  };

  return (
    <div className="flex items-center gap-2 border-b border-base-300 px-3 py-2" role="search">
      <label className="input input-sm flex-1">
        <Search className="size-4 opacity-60" aria-hidden="true" />
        <input
          ref={inputRef}
          type="search"
          className="grow"
          placeholder={t('Search in this conversation')}
          aria-label={t('Search in this conversation')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={onKeyDown}
        />
      </label>
      <span className="min-w-16 text-end text-sm" aria-live="polite" data-testid="search-position">
        {position}
      </span>
      <button
        type="button"
        className="btn btn-ghost btn-sm btn-circle"
        onClick={() => void older()}
        disabled={!hasOlder}
        aria-label={t('Older match')}
      >
        <ChevronUp className="size-4" />
      </button>
      <button type="button" className="btn btn-ghost btn-sm btn-circle" onClick={newer} disabled={!hasNewer} aria-label={t('Newer match')}>
        <ChevronDown className="size-4" />
      </button>
      <button type="button" className="btn btn-ghost btn-sm btn-circle" onClick={onClose} aria-label={t('Close search')}>
        <X className="size-4" />
      </button>
    </div>
  );
}

import { DEFAULT_PAGE, searchWords } from '@chat/contracts';
import { useEffect, useEffectEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { conversationApi } from './conversation-api';
import { errorMessage } from '../../store/use-auth-store';
import { useChatStore } from '../../store/use-chat-store';
import { t } from '../../i18n';

/** How long typing pauses before the conversation is searched. */
const SEARCH_DELAY_MS = 300;

/**
 * The messages of the open conversation (`conversationId`: a person's or a group's) that match `query`, newest first, searched once
 * typing pauses; `older` and `newer` step through them, each shown in the conversation, and older
 * pages of matches load as they are reached. `onQueryChange` hears the words searched for now.
 */
export function useConversationMatches(conversationId: string, query: string, onQueryChange: (query: string) => void) {
  const [matches, setMatches] = useState<string[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [index, setIndex] = useState(0);
  const [searched, setSearched] = useState('');
  const show = useChatStore((state) => state.showMessage);
  const onSearched = useEffectEvent((wanted: string, firstMatch?: string) => {
    onQueryChange(wanted);
    if (firstMatch) show(firstMatch);
  });

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
        const found = await conversationApi.search(conversationId, wanted);
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
  }, [query, conversationId]);

  const older = async () => {
    if (index + 1 < matches.length) {
      setIndex(index + 1);
      show(matches[index + 1]!);
      return;
    }
    if (!hasMore || !searched) return;
    try {
      const found = await conversationApi.search(conversationId, searched, matches.at(-1));
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

  const position = !searched
    ? ''
    : matches.length === 0
      ? t('No results')
      : t('{{position}} of {{total}}', { position: index + 1, total: `${matches.length}${hasMore ? '+' : ''}` });
  return { position, older, newer, hasOlder: index + 1 < matches.length || hasMore, hasNewer: index > 0 };
}

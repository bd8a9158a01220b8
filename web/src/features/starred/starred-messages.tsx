import { ArrowLeft, StarOff } from 'lucide-react';
import { useChatStore } from '../../store/use-chat-store';
import { useStarredStore } from '../../store/use-starred-store';
import { MessageList } from '../inbox';
import { SidebarSkeleton } from '../inbox';
import { useShallow } from 'zustand/react/shallow';
import { useTranslation } from 'react-i18next';

/** The messages I starred, newest first, in place of the contacts; a click opens one where it was said. */
export function StarredMessages() {
  const { t } = useTranslation();
  const { results, hasMore, isLoading, setOpen, loadMore, applyStarred } = useStarredStore(
    useShallow((state) => ({
      results: state.results,
      hasMore: state.hasMore,
      isLoading: state.isLoading,
      setOpen: state.setOpen,
      loadMore: state.loadMore,
      applyStarred: state.applyStarred,
    })),
  );
  const setStarred = useChatStore((state) => state.setStarred);
  // Off the list at once; the message, if it is on screen, loses its star too (put back with a toast if the server refuses).
  const unstar = (messageId: string) => {
    applyStarred(messageId, false);
    void setStarred(messageId, false);
  };
  return (
    <>
      <div className="flex w-full items-center gap-3 border-b border-base-300 p-5">
        <button
          type="button"
          className="btn btn-ghost btn-circle"
          onClick={() => void setOpen(false)}
          aria-label={t('Back to chats')}
          title={t('Back to chats')}
        >
          <ArrowLeft className="size-5 rtl:rotate-180" />
        </button>
        <h2 className="font-medium">{t('Starred messages')}</h2>
      </div>
      {isLoading ? (
        <SidebarSkeleton />
      ) : (
        <section aria-label={t('Starred messages')} className="w-full overflow-y-auto py-3">
          {results.length === 0 ? (
            <p className="px-3 py-4 text-center text-sm text-muted">{t('No starred messages. Star a message to find it here.')}</p>
          ) : (
            <MessageList
              results={results}
              hasMore={hasMore}
              onLoadMore={() => void loadMore()}
              action={({ message }) => (
                <button
                  type="button"
                  className="btn btn-ghost btn-xs btn-circle"
                  onClick={() => unstar(message._id)}
                  aria-label={t('Unstar message')}
                  title={t('Unstar message')}
                >
                  <StarOff className="size-4" />
                </button>
              )}
            />
          )}
        </section>
      )}
    </>
  );
}

import type { MessageSearchResult } from '@chat/contracts';
import type { ReactNode } from 'react';
import { avatarOf } from '../../lib/avatar';
import { formatInboxTime } from '../../lib/format-time';
import { messagePreview } from '../../lib/message-preview';
import { useAuthStore } from '../../store/use-auth-store';
import { useChatStore } from '../../store/use-chat-store';
import { GroupAvatar } from '../../ui/group-avatar';
import { HighlightedText } from '../../ui/highlighted-text';
import { useTranslation } from 'react-i18next';

/** The messages a sidebar search found, under the contacts that match. */
export function MessageSearchResults({ results, query }: { results: MessageSearchResult[]; query: string }) {
  const { t } = useTranslation();
  const hasMore = useChatStore((state) => state.hasMoreMessageResults);
  const loadMore = useChatStore((state) => state.loadMoreMessageResults);
  if (results.length === 0) return null;
  return (
    <section aria-label={t('Messages found')} className="border-t border-base-300 pt-2">
      <h2 className="px-3 pb-1 text-xs font-semibold tracking-wide text-muted uppercase">{t('Messages')}</h2>
      <MessageList results={results} query={query} hasMore={hasMore} onLoadMore={() => void loadMore()} />
    </section>
  );
}

/**
 * Messages of several conversations (found, starred): who with (a group's by the group's name, each
 * with its sender), when, and the text (the words a search found marked). A click opens the
 * conversation at the message.
 */
export function MessageList({
  results,
  query = '',
  hasMore,
  onLoadMore,
  action,
}: {
  results: MessageSearchResult[];
  query?: string;
  hasMore: boolean;
  onLoadMore(): void;
  /** Something to do with each message, beside it. */
  action?(result: MessageSearchResult): ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <ul>
        {results.map((result) => (
          <li key={result.message._id} className="flex items-center">
            <ListedMessage result={result} query={query} />
            {action && <span className="flex shrink-0 pe-2">{action(result)}</span>}
          </li>
        ))}
      </ul>
      {hasMore && (
        <button type="button" className="btn btn-ghost btn-sm btn-block" onClick={onLoadMore}>
          {t('More messages')}
        </button>
      )}
    </>
  );
}

/** One listed message: the person's or the group's picture and name, its time, and "You: …" or, in a group, "Ann: …". */
function ListedMessage({ result: { message, peer, group }, query }: { result: MessageSearchResult; query: string }) {
  const { t } = useTranslation();
  const openMessage = useChatStore((state) => state.openMessage);
  const me = useAuthStore((state) => state.authUser?._id);
  const sender = message.senderId === me ? t('You: ') : group ? t('{{name}}: ', { name: peer.fullName }) : '';
  return (
    <button
      type="button"
      className="flex min-w-0 flex-1 items-center gap-3 p-3 text-start transition-colors hover:bg-base-300"
      onClick={() => openMessage({ peer, group }, message._id)}
      data-testid="message-result"
    >
      {group ? (
        <GroupAvatar picture={group.picture} name={group.name} className="size-10 shrink-0" />
      ) : (
        <img src={avatarOf(peer.profilePic)} alt={peer.fullName} className="size-10 shrink-0 rounded-full object-cover" />
      )}
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline gap-2">
          <span dir="auto" className="truncate font-medium">
            {group?.name ?? peer.fullName}
          </span>
          <time dateTime={message.createdAt} className="ms-auto shrink-0 text-xs text-muted">
            {formatInboxTime(message.createdAt)}
          </time>
        </span>
        <span className="line-clamp-2 text-sm text-muted">
          <bdi>{sender}</bdi>
          <bdi>
            <HighlightedText text={messagePreview(message)} query={query} />
          </bdi>
        </span>
      </span>
    </button>
  );
}

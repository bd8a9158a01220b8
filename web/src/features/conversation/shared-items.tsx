import { DEFAULT_PAGE, linksIn, SHARED_KINDS, thumbnailUrl, type Message, type SharedKind } from '@chat/contracts';
import { Play } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { conversationApi } from './conversation-api';
import { formatDayTime } from '../../lib/format-time';
import { photoDescription } from '../../lib/message-preview';
import { errorMessage, useAuthStore } from '../../store/use-auth-store';
import { useChatStore } from '../../store/use-chat-store';
import { MessageFile } from './message-file';
import { useTranslation } from 'react-i18next';
import { translatable } from '../../i18n';

const TAB_NAMES: Record<SharedKind, string> = { media: translatable('Media'), docs: translatable('Docs'), links: translatable('Links') };
const NOTHING_YET: Record<SharedKind, string> = {
  media: translatable('No photos or videos yet'),
  docs: translatable('No documents yet'),
  links: translatable('No links yet'),
};

/** The name of whoever sent a message, by their id. */
type NameOf = (userId: string) => string | undefined;

/**
 * "Media, links and docs" of the open conversation (a person's or a group's), a tab each, newest
 * first: an item shows its message in the conversation (and `onShown` closes the panel holding them).
 */
export function SharedItems({ conversationId, nameOf, onShown }: { conversationId: string; nameOf: NameOf; onShown(): void }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<SharedKind>('media');
  const { items, hasMore, isLoading, loadMore } = useSharedItems(conversationId, kind);
  const show = (messageId: string) => {
    useChatStore.getState().showMessage(messageId);
    onShown();
  };
  return (
    <>
      <h3 className="px-4 pt-4 text-sm font-medium text-muted">{t('Media, links and docs')}</h3>
      <div role="tablist" aria-label={t('Media, links and docs')} className="tabs tabs-border px-2">
        {SHARED_KINDS.map((each) => (
          <button
            key={each}
            type="button"
            role="tab"
            id={`shared-tab-${each}`}
            aria-selected={each === kind}
            aria-controls="shared-panel"
            className={`tab ${each === kind ? 'tab-active' : 'text-muted'}`}
            onClick={() => setKind(each)}
          >
            {t(TAB_NAMES[each])}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="shared-panel" aria-labelledby={`shared-tab-${kind}`} aria-busy={isLoading} className="p-2">
        {isLoading && items.length === 0 && (
          <div className="flex justify-center p-4">
            <span className="loading loading-dots loading-sm" aria-hidden="true" />
          </div>
        )}
        {!isLoading && items.length === 0 && <p className="p-4 text-center text-sm text-muted">{t(NOTHING_YET[kind])}</p>}
        {kind === 'media' ? (
          <SharedMedia items={items} nameOf={nameOf} onShow={show} />
        ) : (
          <SharedList items={items} kind={kind} onShow={show} />
        )}
        {hasMore && (
          <button type="button" className="btn btn-ghost btn-sm mt-2 w-full" onClick={loadMore}>
            {t('Show more')}
          </button>
        )}
      </div>
    </>
  );
}

/** What the conversation shared of one kind, newest first, a page at a time. */
function useSharedItems(peerId: string, kind: SharedKind) {
  const [items, setItems] = useState<Message[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [isLoading, setLoading] = useState(true);
  const load = useCallback(
    async (before?: string) => {
      try {
        const page = await conversationApi.shared(peerId, kind, before);
        setItems((shown) => (before ? [...shown, ...page] : page));
        setHasMore(page.length === DEFAULT_PAGE);
      } catch (error) {
        toast.error(errorMessage(error));
      } finally {
        setLoading(false);
      }
    },
    [peerId, kind],
  );
  useEffect(() => {
    setLoading(true);
    setItems([]);
    void load();
  }, [load]);
  return { items, hasMore, isLoading, loadMore: () => void load(items.at(-1)?._id) };
}

/** Photos and videos as tiles; one opens the conversation at its message. */
function SharedMedia({ items, nameOf, onShow }: { items: Message[]; nameOf: NameOf; onShow(messageId: string): void }) {
  const myId = useAuthStore((state) => state.authUser?._id);
  return (
    <ul className="grid grid-cols-3 gap-1">
      {items.map((message) => (
        <li key={message._id}>
          <button
            type="button"
            className="block w-full"
            onClick={() => onShow(message._id)}
            aria-label={photoDescription(
              message.createdAt,
              { name: nameOf(message.senderId) ?? '', isMe: message.senderId === myId },
              message.image ? 'photo' : 'video',
            )}
          >
            {message.image ? (
              <img src={thumbnailUrl(message.image)} alt="" className="aspect-square w-full rounded object-cover" loading="lazy" />
            ) : (
              <span className="relative block">
                {/* Its first frame, as the tile's picture. */}
                <video
                  src={message.file?.url}
                  preload="metadata"
                  muted
                  className="aspect-square w-full rounded bg-black object-cover"
                  aria-hidden="true"
                />
                <Play className="absolute inset-0 m-auto size-8 fill-white text-white drop-shadow" aria-hidden="true" />
              </span>
            )}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** Documents or links, each with its day and a way to it in the conversation. */
function SharedList({ items, kind, onShow }: { items: Message[]; kind: SharedKind; onShow(messageId: string): void }) {
  const { t } = useTranslation();
  return (
    <ul className="flex flex-col gap-2">
      {items.map((message) => (
        <li key={message._id} className="rounded-box border border-base-300 p-2">
          {kind === 'docs' && message.file ? <MessageFile file={message.file} isPending={false} /> : <SharedLinks text={message.text} />}
          <div className="flex items-center justify-between gap-2 text-xs text-muted">
            <time dateTime={message.createdAt}>{formatDayTime(message.createdAt)}</time>
            <button type="button" className="btn btn-ghost btn-xs" onClick={() => onShow(message._id)}>
              {t('Show in chat')}
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** A message's web links, each opened in a new tab telling the site nothing, above the message's words. */
function SharedLinks({ text }: { text: string | null }) {
  return (
    <div className="mb-1 flex min-w-0 flex-col gap-0.5">
      {linksIn(text).map((href, index) => (
        <a key={index} href={href} target="_blank" rel="noopener noreferrer nofollow" className="link truncate text-sm">
          {href}
        </a>
      ))}
      <p dir="auto" className="line-clamp-2 text-sm break-words">
        {text}
      </p>
    </div>
  );
}

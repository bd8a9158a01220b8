import { thumbnailUrl, type QuotedMessage as Quote } from '@chat/contracts';
import { quotePreview } from '../../lib/message-preview';
import { useTranslation } from 'react-i18next';

/** The message a reply answers, inside the reply's bubble: who wrote it and what it said. Clicking it goes there. */
export function QuotedMessage({ quote, authorName, onOpen }: { quote: Quote; authorName: string; onOpen?(messageId: string): void }) {
  const { t } = useTranslation();
  const preview = quotePreview(quote);
  return (
    <button
      type="button"
      className="mb-1.5 flex w-full min-w-0 items-center gap-2 rounded-md border-s-4 border-current bg-tint px-2 py-1 text-start text-sm"
      onClick={() => onOpen?.(quote._id)}
      title={t('Show that message')}
      data-testid="quoted-message"
    >
      {quote.image && <img src={thumbnailUrl(quote.image)} alt="" className="size-8 shrink-0 rounded object-cover" />}
      <span className="min-w-0">
        <span className="sr-only">{t('In reply to')} </span>
        <span dir="auto" className="block text-xs font-semibold">
          {authorName}
        </span>
        <span
          dir="auto"
          className={`line-clamp-2 break-words ${quote.text === null && quote.image === null && !quote.fileName ? 'italic' : ''}`}
        >
          {preview}
        </span>
      </span>
    </button>
  );
}

import { linksIn, type LinkCard as Card } from '@chat/contracts';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLinkCard, useSettled } from './use-link-card';

/** How long a link in the box holds still before its card is asked for. */
const TYPING_SETTLES_MS = 600;

/** A card's site, title and a line of its description. */
function CardWords({ card }: { card: Card }) {
  return (
    <span className="flex min-w-0 flex-col gap-0.5 px-2 py-1.5">
      <bdi className="text-xs opacity-80">{card.siteName}</bdi>
      <bdi className="line-clamp-2 font-semibold">{card.title}</bdi>
      {card.description && <bdi className="line-clamp-2 text-sm opacity-90">{card.description}</bdi>}
    </span>
  );
}

/**
 * A message's first web link as every messenger shows it: the page's picture, site, title and a
 * line of its description, opening the page in a new tab; nothing while the server has no card.
 */
export function LinkCard({ text }: { text: string }) {
  const url = linksIn(text)[0];
  const card = useLinkCard(url);
  if (!url || !card) return null;
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer nofollow"
      className="mb-1.5 flex max-w-xs flex-col overflow-hidden rounded-md bg-tint text-start"
      data-testid="link-card"
    >
      {/* The box of Open Graph's own shape (1.91:1), kept before the picture loads. */}
      {card.image && <img src={card.image} alt="" className="aspect-[1.91/1] w-full object-cover" loading="lazy" />}
      <CardWords card={card} />
    </a>
  );
}

/** Above the box: the card the first link of what is being written will show, and the way to send it without. */
export function DraftLinkCard({ url, onRemove }: { url: string | undefined; onRemove(): void }) {
  const { t } = useTranslation();
  const card = useLinkCard(useSettled(url, TYPING_SETTLES_MS));
  if (!url || !card) return null;
  return (
    <div className="mb-2 flex items-center gap-2 rounded-lg bg-base-200 pe-1 text-sm" data-testid="draft-link-card">
      {card.image && <img src={card.image} alt="" className="size-14 shrink-0 rounded-s-lg object-cover" />}
      <span className="min-w-0 flex-1">
        <CardWords card={card} />
      </span>
      <button type="button" className="btn btn-ghost btn-xs btn-circle" aria-label={t('Remove link preview')} onClick={onRemove}>
        <X className="size-4" />
      </button>
    </div>
  );
}

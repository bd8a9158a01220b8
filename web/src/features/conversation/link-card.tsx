import { linksIn, type LinkCard as Card } from '@chat/contracts';
import { useEffect, useState } from 'react';
import { conversationApi } from './conversation-api';

/** The card of the message's first web link, once the server has it; null while it has none. */
function useLinkCard(url: string | undefined): Card | null {
  const [card, setCard] = useState<{ url: string; card: Card | null } | null>(null);
  useEffect(() => {
    if (!url) return;
    let current = true;
    conversationApi.linkCard(url).then(
      (answer) => current && setCard({ url, card: answer }),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [url]);
  return card && card.url === url ? card.card : null;
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
      {card.image && <img src={card.image} alt="" className="max-h-40 w-full object-cover" loading="lazy" />}
      <span className="flex flex-col gap-0.5 px-2 py-1.5">
        <bdi className="text-xs opacity-80">{card.siteName}</bdi>
        <bdi className="line-clamp-2 font-semibold">{card.title}</bdi>
        {card.description && <bdi className="line-clamp-2 text-sm opacity-90">{card.description}</bdi>}
      </span>
    </a>
  );
}

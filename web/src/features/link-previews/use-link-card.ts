import type { LinkCard } from '@chat/contracts';
import { useEffect, useState } from 'react';
import { linkPreviewsApi } from './link-previews-api';

/** The card of a web address, once the server has it; null while it has none (or none is asked for). */
export function useLinkCard(url: string | undefined): LinkCard | null {
  const [card, setCard] = useState<{ url: string; card: LinkCard | null } | null>(null);
  useEffect(() => {
    if (!url) return;
    let current = true;
    linkPreviewsApi.card(url).then(
      (answer) => current && setCard({ url, card: answer }),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [url]);
  return card && card.url === url ? card.card : null;
}

/** The value once it has held still for `delayMs`: a link being typed is not asked for at every key. */
export function useSettled<Value>(value: Value, delayMs: number): Value {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

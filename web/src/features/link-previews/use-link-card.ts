import type { LinkCard } from '@chat/contracts';
import { useEffect, useState } from 'react';
import { useAnswer } from '../../api/use-answer';
import { linkPreviewsApi } from './link-previews-api';

/** The card of a web address, once the server has it; null while it has none (or none is asked for). */
export function useLinkCard(url: string | undefined): LinkCard | null {
  return useAnswer(url ?? null, linkPreviewsApi.card);
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

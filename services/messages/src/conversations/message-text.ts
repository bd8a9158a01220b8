import { MAX_TEXT, TEXT_TOO_LONG } from '@chat/contracts';
import { badRequest } from '@chat/kernel';

/** Refuses, with a 400 saying the limit, a message text longer than MAX_TEXT: a new one or an edit. */
export function requireTextWithinLimit(text: string): void {
  if (text.length > MAX_TEXT) throw badRequest(TEXT_TOO_LONG);
}

import { MAX_TEXT, TEXT_TOO_LONG } from '@chat/contracts';

/** How close to the limit a text must come before the counter shows. */
const SHOWN_FROM = MAX_TEXT - 200;

/** Near the limit, how much of it the text uses; past it, by how much it is too long (nothing is cut). */
export function TextCounter({ length }: { length: number }) {
  if (length < SHOWN_FROM) return null;
  const over = length > MAX_TEXT;
  return (
    <p
      className={`absolute -top-5 right-0 text-xs tabular-nums ${over ? 'font-semibold text-danger' : 'text-muted'}`}
      aria-live="polite"
      data-testid="text-counter"
    >
      {over
        ? `${TEXT_TOO_LONG}: ${(length - MAX_TEXT).toLocaleString()} too many`
        : `${length.toLocaleString()} / ${MAX_TEXT.toLocaleString()}`}
    </p>
  );
}

/**
 * A limit on how often one socket may do something: at most `max` times in a window of
 * `windowMs` that starts with the first time after the last window ended. Answers, each time it is
 * asked, whether this time is within it.
 */
export function perSocketLimit(max: number, windowMs: number): () => boolean {
  let windowStart = 0;
  let inWindow = 0;
  return () => {
    const now = Date.now();
    if (now - windowStart >= windowMs) {
      windowStart = now;
      inWindow = 0;
    }
    return ++inWindow <= max;
  };
}

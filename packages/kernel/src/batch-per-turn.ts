/** More than this many calls waiting go out at once rather than wait for the loop's turn. */
const MAX_BATCH = 256;

/**
 * Groups the calls that arrive in the same turn of the event loop into one call of `run` (one
 * statement, one round trip): under load many requests are parsed in one turn;
 * alone, a call waits for nothing (setImmediate runs right after the I/O that brought it).
 * `run` answers one result per input, in order.
 */
export function batchPerTurn<I, O>(run: (inputs: I[]) => Promise<O[]>): (input: I) => Promise<O> {
  let waiting: { input: I; resolve(result: O): void; reject(error: unknown): void }[] = [];
  let scheduled = false;

  const flush = () => {
    scheduled = false;
    const batch = waiting;
    waiting = [];
    if (batch.length === 0) return;
    run(batch.map((entry) => entry.input)).then(
      (results) => batch.forEach((entry, i) => entry.resolve(results[i]!)),
      (error: unknown) => batch.forEach((entry) => entry.reject(error)),
    );
  };

  return (input) =>
    new Promise((resolve, reject) => {
      waiting.push({ input, resolve, reject });
      if (waiting.length >= MAX_BATCH) flush();
      else if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    });
}

/** More than this many calls waiting go out at once rather than wait for the loop's turn. */
const MAX_BATCH = 256;

export interface BatchOptions {
  /**
   * At most this many runs under way at once; calls arriving meanwhile wait and go together when
   * one ends. A database that runs one statement at a time (PGlite, on its own thread) would
   * otherwise be handed one small batch a turn, each paying the whole cost of a statement.
   */
  inFlight?: number;
}

/**
 * Groups the calls that arrive in the same turn of the event loop into one call of `run` (one
 * statement, one round trip): under load many requests are parsed in one turn;
 * alone, a call waits for nothing (setImmediate runs right after the I/O that brought it).
 * `run` answers one result per input, in order.
 */
export function batchPerTurn<I, O>(run: (inputs: I[]) => Promise<O[]>, { inFlight = Infinity }: BatchOptions = {}): (input: I) => Promise<O> {
  let waiting: { input: I; resolve(result: O): void; reject(error: unknown): void }[] = [];
  let scheduled = false;
  let running = 0;

  const flush = () => {
    scheduled = false;
    if (waiting.length === 0 || running >= inFlight) return;
    const batch = waiting.slice(0, MAX_BATCH);
    waiting = waiting.slice(MAX_BATCH);
    running++;
    run(batch.map((entry) => entry.input))
      .then(
        (results) => batch.forEach((entry, i) => entry.resolve(results[i]!)),
        (error: unknown) => batch.forEach((entry) => entry.reject(error)),
      )
      .finally(() => {
        running--;
        flush();
      });
    if (waiting.length >= MAX_BATCH) flush();
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

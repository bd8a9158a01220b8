/** More than this many calls waiting go out at once rather than wait for the loop's turn. */
const MAX_BATCH = 256;

export interface BatchOptions {
  /**
   * At most this many runs under way at once; calls arriving meanwhile wait and go together when
   * one ends. A database that runs one statement at a time (PGlite, on its own thread) would
   * otherwise be handed one small batch a turn, each paying the whole cost of a statement.
   */
  inFlight?: number;
  /**
   * The run is all or nothing (one statement): when it fails nothing of it happened, so each of its
   * inputs is run again alone, and one input that cannot be done (a value the database refuses)
   * fails its own call only. Never for a run that may have done part of its work.
   */
  allOrNothing?: boolean;
}

/**
 * Groups the calls that arrive in the same turn of the event loop into one call of `run` (one
 * statement, one round trip): under load many requests are parsed in one turn;
 * alone, a call waits for nothing (setImmediate runs right after the I/O that brought it).
 * `run` answers one result per input, in order.
 */
export function batchPerTurn<I, O>(
  run: (inputs: I[]) => Promise<O[]>,
  { inFlight = Infinity, allOrNothing = false }: BatchOptions = {},
): (input: I) => Promise<O> {
  type Waiting = { input: I; resolve(result: O): void; reject(error: unknown): void };
  let waiting: Waiting[] = [];
  let scheduled = false;
  let running = 0;

  const runAll = async (inputs: I[]): Promise<O[]> => {
    const results = await run(inputs);
    if (results.length !== inputs.length) throw new Error(`a batch of ${inputs.length} answered ${results.length} results`);
    return results;
  };

  /** Settles every call of the batch: all at once, or (when an all-or-nothing batch fails) each on its own. */
  const runSettled = async (batch: Waiting[]): Promise<void> => {
    try {
      const results = await runAll(batch.map((entry) => entry.input));
      batch.forEach((entry, i) => entry.resolve(results[i]!));
    } catch (error) {
      if (!allOrNothing || batch.length === 1) return batch.forEach((entry) => entry.reject(error));
      await Promise.all(
        batch.map((entry) =>
          runAll([entry.input]).then(
            ([result]) => entry.resolve(result!),
            (alone: unknown) => entry.reject(alone),
          ),
        ),
      );
    }
  };

  const flush = () => {
    scheduled = false;
    if (waiting.length === 0 || running >= inFlight) return;
    const batch = waiting.slice(0, MAX_BATCH);
    waiting = waiting.slice(MAX_BATCH);
    running++;
    void runSettled(batch).finally(() => {
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

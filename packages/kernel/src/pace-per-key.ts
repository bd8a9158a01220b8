/**
 * Hands `send` at most one value per key every `intervalMs`: the first at once, and, when more came
 * during the interval, the latest of them as it ends (a value stands for the whole state, so the
 * ones between are superseded). A key is held only while its interval runs: memory grows with the
 * keys active in the last interval, not with all ever seen.
 */
export function pacePerKey<T>(intervalMs: number, send: (key: string, value: T) => void) {
  const pacing = new Map<string, { latest?: { value: T }; timer: NodeJS.Timeout }>();

  const open = (key: string, value: T) => {
    const timer = setTimeout(() => {
      const { latest } = pacing.get(key) ?? {};
      pacing.delete(key);
      if (latest) open(key, latest.value);
    }, intervalMs);
    // A paced value is a notice, not work the process has to finish before it may exit.
    timer.unref();
    pacing.set(key, { timer });
    send(key, value);
  };

  return {
    push(key: string, value: T) {
      const entry = pacing.get(key);
      if (entry) entry.latest = { value };
      else open(key, value);
    },
    /** Drops what waits: nothing is sent after. */
    stop() {
      for (const { timer } of pacing.values()) clearTimeout(timer);
      pacing.clear();
    },
  };
}

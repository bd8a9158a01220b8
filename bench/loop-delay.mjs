// Each Chat.io process's event-loop delay over a phase: the histogram of perf_hooks'
// monitorEventLoopDelay that every service keeps for its /metrics (prom-client's default metrics),
// which a scrape reads and resets. Scraped as a phase starts (the reset) and as it ends: p50, p90,
// p99 and the longest delay of each process's loop over the phase, in ms. The histogram holds the
// intervals of a 10 ms timer; what is past those 10 ms is the delay.
const LAG = /^nodejs_eventloop_lag_(p50|p90|p99|max)_seconds(?:\{[^}]*\})? (\S+)$/gm;
const TIMER_MS = 10;

export const scrape = async (url) => {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.text();
};

/** Starts measuring the loops of `urls` ({ process name: its /metrics }); the answer stops it with each one's figures. */
export async function loopDelayMeter(urls = {}) {
  await Promise.all(Object.values(urls).map(scrape));
  // Every process read at once, as every one was reset at once.
  return async () =>
    Object.fromEntries(
      await Promise.all(
        Object.entries(urls).map(async ([name, url]) => {
          const figures = {};
          for (const [, stat, seconds] of (await scrape(url)).matchAll(LAG))
            figures[stat] = Math.max(0, Math.round((Number(seconds) * 1000 - TIMER_MS) * 10) / 10);
          return [name, figures];
        }),
      ),
    );
}

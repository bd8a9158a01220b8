// The search indexer under a sustained load: how long the oldest message it has not read has waited
// (chat_search_index_lag_seconds on the messages service's /metrics), sampled every second while an
// open loop runs. It leaves the youngest 5 s for a later pass: keeping up is staying near 5 s.
import { setTimeout as pause } from 'node:timers/promises';
import { openLoop } from './load.mjs';
import { scrape } from './loop-delay.mjs';

const LAG = /^chat_search_index_lag_seconds(?:\{[^}]*\})? (\S+)$/m;
const SAMPLE_EVERY_MS = 1000;

/** `openLoop` with the indexer's lag beside it: the longest seen, and the last (as the load ends). */
export async function openLoopWithIndexLag(system, load, rate, seconds) {
  const url = system.metricsUrls.messages ?? system.metricsUrls.embedded;
  const samples = [];
  let running = true;
  const sampling = (async () => {
    while (running) {
      const match = LAG.exec(await scrape(url));
      if (match) samples.push(Number(match[1]));
      await pause(SAMPLE_EVERY_MS);
    }
  })();
  const phase = await openLoop(system, load, rate, seconds);
  running = false;
  await sampling;
  const round = (value) => Math.round(value * 10) / 10;
  return { ...phase, indexLagSeconds: { max: round(Math.max(...samples)), last: round(samples.at(-1)) } };
}

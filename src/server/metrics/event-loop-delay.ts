import { performance } from 'node:perf_hooks';

/** How often the loop is looked at: an idle loop costs a hundred tiny callbacks a second. */
export const SAMPLE_EVERY_MS = 10;

/**
 * Reports, every SAMPLE_EVERY_MS, how late a timer fired: a request arriving then would have waited that long for
 * the event loop (work of other requests, an export's batch, garbage collection, or no free core). Each lateness
 * goes to a cumulative histogram, so any number of scrapers read the same counts (prom-client's own
 * `nodejs_eventloop_lag_*` gauges are reset by every scrape). Returns the stop.
 */
export function sampleEventLoopDelay(observe: (seconds: number) => void): () => void {
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    observe(Math.max(0, now - last - SAMPLE_EVERY_MS) / 1000);
    last = now;
  }, SAMPLE_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}

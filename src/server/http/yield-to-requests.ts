import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

/** How long the loop is watched before background work goes on, and how busy it may have been. */
export const WATCH_MS = 5;
/**
 * Less than 30% busy (2026-11-27). With half, exports beside 200 paced calls a second (a surname's customers, or
 * every customer) kept the loop 0.62–0.67 busy and requests waited up to 13.6–31 ms, above 20 ms in 4 of 6 runs;
 * with 0.3, 0.56–0.6 busy and 14.5–20 ms, a surname's exports running at about 60% of the speed (ADR 025).
 */
export const BUSY = 0.3;
/**
 * The longest background work waits in a row: on a saturated server an export still reads a batch every tenth of a
 * second (a million rows in about two minutes) instead of stopping.
 */
export const MAX_WAIT_MS = 100;

/** The event loop's busy share over `ms` (0–1), the caller asleep meanwhile. */
async function loopBusyOver(ms: number): Promise<number> {
  const before = performance.eventLoopUtilization();
  await sleep(ms);
  return performance.eventLoopUtilization(before).utilization;
}

/**
 * Background work on the request thread (an export's next batch) waits here until the event loop is less than
 * BUSY for a moment, so it takes the time requests leave free. An export of every customer running flat out
 * kept the loop 87–93% busy and requests beside it waited up to 44–53 ms; yielding after each batch, 61–63% and
 * 20–35 ms (ADR 025).
 */
export async function yieldToRequests(busyOver: (ms: number) => Promise<number> = loopBusyOver): Promise<void> {
  for (let waited = 0; waited < MAX_WAIT_MS; waited += WATCH_MS) if ((await busyOver(WATCH_MS)) < BUSY) return;
}

/** The event loop's busy share since the previous call (0–1), counted from the first. */
function loopBusySinceLast(): () => number {
  let mark = performance.eventLoopUtilization();
  return () => {
    const share = performance.eventLoopUtilization(mark).utilization;
    mark = performance.eventLoopUtilization();
    return share;
  };
}

/**
 * The pace of one stream of background work (an export's chunks): a call goes on at once when the loop was less
 * than BUSY since the previous call, and otherwise waits as `yieldToRequests`. An export alone no longer sleeps a
 * watch per chunk (5 ms, a second over 200 chunks), so its chunks can be smaller: 512 KiB of COPY is a burst of
 * about 10 ms of PostgreSQL taking a core from the requests (ADR 038).
 */
export function pacer(
  busySinceLast: () => number = loopBusySinceLast(),
  busyOver: (ms: number) => Promise<number> = loopBusyOver,
): () => Promise<void> {
  return async () => {
    if (busySinceLast() < BUSY) return;
    await yieldToRequests(busyOver);
    busySinceLast();
  };
}

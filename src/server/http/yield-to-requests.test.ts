import { describe, expect, it } from 'vitest';
import { BUSY, MAX_WAIT_MS, WATCH_MS, pacer, yieldToRequests } from './yield-to-requests';

/** A stand-in for the loop's measure: the busy shares it will report, in turn, and how often it was asked. */
function loop(shares: number[]) {
  const asked: number[] = [];
  const busyOver = (ms: number) => {
    asked.push(ms);
    return Promise.resolve(shares[Math.min(asked.length - 1, shares.length - 1)]!);
  };
  return { busyOver, asked };
}

describe('yielding to requests', () => {
  it('goes on after one look when the loop is mostly idle', async () => {
    const { busyOver, asked } = loop([0.1]);
    await yieldToRequests(busyOver);
    expect(asked).toEqual([WATCH_MS]);
  });

  it('waits while the loop is busy, and goes on once it is not', async () => {
    const { busyOver, asked } = loop([0.9, BUSY, 0.7, BUSY - 0.01]);
    await yieldToRequests(busyOver);
    expect(asked).toHaveLength(4);
  });

  it('goes on after the longest wait on a loop that stays busy', async () => {
    const { busyOver, asked } = loop([1]);
    await yieldToRequests(busyOver);
    expect(asked).toHaveLength(MAX_WAIT_MS / WATCH_MS);
  });

  it('measures the real loop: an idle one lets work go on at once', async () => {
    const started = performance.now();
    await yieldToRequests();
    expect(performance.now() - started).toBeLessThan(MAX_WAIT_MS);
  });
});

/** Keeps the loop busy, on the CPU, for `ms`. */
function spin(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe('the pace of an export', () => {
  it('goes on without a look when the loop was mostly idle since the last chunk', async () => {
    const { busyOver, asked } = loop([1]);
    const pace = pacer(() => BUSY - 0.01, busyOver);
    await pace();
    expect(asked).toEqual([]);
  });

  it('waits for requests when the loop was busy since the last chunk', async () => {
    const { busyOver, asked } = loop([0.9, 0.1]);
    await pacer(() => BUSY, busyOver)();
    expect(asked).toHaveLength(2);
  });

  it('measures the real loop: work on the CPU since the last chunk makes the next one wait', async () => {
    const { busyOver, asked } = loop([0.1]);
    const pace = pacer(undefined, busyOver);
    spin(50);
    await pace();
    expect(asked).toEqual([WATCH_MS]);
  });
});

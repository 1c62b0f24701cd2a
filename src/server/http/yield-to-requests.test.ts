import { describe, expect, it } from 'vitest';
import { BUSY, MAX_WAIT_MS, WATCH_MS, yieldToRequests } from './yield-to-requests';

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

import { afterAll, describe, expect, it } from 'vitest';
import { MapClusters, type PointSet } from './map-clusters';

let clock = 0;
const clusters = new MapClusters(undefined, () => clock);
afterAll(() => clusters.close());

/** `n` points on a line across Kansas, row ids from `firstId`. */
function line(n: number, firstId = 1): PointSet {
  const coords = new Float64Array(n * 2);
  for (let i = 0; i < n; i++) {
    coords[2 * i] = -100 + (i / n) * 5;
    coords[2 * i + 1] = 38 + (i % 100) / 1000;
  }
  return { ids: Int32Array.from({ length: n }, (_, i) => firstId + i), flags: new Uint8Array(n), coords };
}

describe('map cluster indexes', () => {
  it('counts every point in the clusters of a whole view, and finds single points when zoomed in', async () => {
    const set = await clusters.dataset('line', 60_000, async () => line(500));
    expect(set.count).toBe(500);
    const wide = (await clusters.query(set, [-130, 20, -60, 52], 4, 1000))!;
    expect(wide.reduce((sum, [, , count]) => sum + count, 0)).toBe(500);
    const close = (await clusters.query(set, [-100.001, 37.99, -99.999, 38.2], 18, 1000))!;
    expect(close.length).toBeGreaterThan(0);
    expect(close.every(([, , count, point]) => count === 1 && point >= 0)).toBe(true);
  });

  it('answers a large set from the last index while the next one builds, a small one after rebuilding', async () => {
    let loads = 0;
    const big = async () => line(60_000, ++loads * 1_000_000);
    const first = await clusters.dataset('big', 1_000, big);
    clock += 2_000;
    const stale = await clusters.dataset('big', 1_000, big);
    expect(stale).toBe(first);
    // The rebuild started by that call finishes in the background.
    await expect
      .poll(async () => (await clusters.dataset('big', 1_000, big)).ids[0], { timeout: 10_000 })
      .toBe(2_000_000);

    const small = async () => line(10, ++loads * 1_000_000);
    const before = await clusters.dataset('small', 1_000, small);
    clusters.invalidate('small');
    const after = await clusters.dataset('small', 1_000, small);
    expect(after).not.toBe(before);
    expect(after.ids[0]).toBeGreaterThan(before.ids[0]!);
  });

  it('answers views of a large set while its next index builds, from the last index', async () => {
    let loads = 0;
    const busy = async () => line(300_000, ++loads * 1_000_000);
    const first = await clusters.dataset('busy', 1_000, busy);
    clock += 2_000;
    expect(await clusters.dataset('busy', 1_000, busy)).toBe(first);
    // The next index is building (seconds for 300,000 points); a view of the last one is answered meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const view = (await clusters.query(first, [-130, 20, -60, 52], 4, 1000))!;
    expect(view.reduce((sum, [, , count]) => sum + count, 0)).toBe(300_000);
    expect(await clusters.dataset('busy', 1_000, busy)).toBe(first);
    await expect
      .poll(async () => (await clusters.dataset('busy', 1_000, busy)).ids[0], { timeout: 30_000 })
      .toBe(2_000_000);
    // The replaced index still answers a view asked of it a moment late.
    expect((await clusters.query(first, [-130, 20, -60, 52], 4, 1000))!.length).toBeGreaterThan(0);
  });
});

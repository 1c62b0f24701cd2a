import { afterAll, describe, expect, it } from 'vitest';
import Supercluster from 'supercluster';
import { MAX_AGE_MS, MapClusters, SKETCH_EVERY_MS, type PointSet, type PointSource } from './map-clusters';
import { sketchTotal, type Sketch } from './map-sketch';

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
  // Untitled: each title is its NUL alone.
  const titles = new Uint8Array(n);
  const titleEnds = Int32Array.from({ length: n }, (_, i) => i);
  return {
    ids: Int32Array.from({ length: n }, (_, i) => firstId + i),
    flags: new Uint8Array(n),
    coords,
    titles,
    titleEnds,
  };
}

/** A sketch of 60,000 points in Kansas: two cells of 30,000 side by side, bounds as given. */
const kansas = (bounds: Sketch['bounds']): Sketch => ({
  counts: Int32Array.of(30_000, 30_000),
  coords: Float64Array.of(-99.02, 38.05, -98.98, 38.05),
  ids: Int32Array.of(0, 0),
  flags: Uint8Array.of(0, 0),
  bounds,
});

/**
 * A source of `n` points whose version is `changes` (a write elsewhere bumps it): each load starts its row ids at
 * the next million, so a rebuilt set is told from the last one by its first id.
 */
function source(n: number) {
  const counts = { changes: 0, versions: 0, loads: 0 };
  const src: PointSource = {
    version: async () => {
      counts.versions++;
      return String(counts.changes);
    },
    load: async () => line(n, ++counts.loads * 1_000_000),
  };
  return { src, counts };
}

describe('map cluster indexes', () => {
  it('counts every point in the clusters of a whole view, and finds single points when zoomed in', async () => {
    const set = await clusters.dataset('line', 60_000, source(500).src);
    expect(set.count).toBe(500);
    const wide = (await clusters.query(set, [-130, 20, -60, 52], 4, 1000))!;
    expect(wide.reduce((sum, [, , count]) => sum + count, 0)).toBe(500);
    const close = (await clusters.query(set, [-100.001, 37.99, -99.999, 38.2], 18, 1000))!;
    expect(close.length).toBeGreaterThan(0);
    expect(close.every(([, , count, point]) => count === 1 && point >= 0)).toBe(true);
  });

  it('gives each cluster the zoom at which it splits, the same when the view is asked again', async () => {
    const points = line(2_000);
    // Made before the points go to the index's thread, which takes their buffers.
    const expected = new Supercluster({ radius: 60, maxZoom: 16 }).load(
      Array.from({ length: 2_000 }, (_, i) => ({
        type: 'Feature' as const,
        properties: {},
        geometry: { type: 'Point' as const, coordinates: [points.coords[2 * i]!, points.coords[2 * i + 1]!] },
      })),
    );
    const set = await clusters.dataset('expansion', 60_000, { version: async () => '1', load: async () => points });
    const bbox: [number, number, number, number] = [-130, 20, -60, 52];
    for (const zoom of [4, 8, 11]) {
      const splits = expected
        .getClusters(bbox, zoom)
        .flatMap((c) =>
          'cluster_id' in c.properties ? [expected.getClusterExpansionZoom(c.properties.cluster_id)] : [],
        )
        .sort();
      const first = (await clusters.query(set, bbox, zoom, 1_000))!;
      expect(
        first
          .filter(([, , count]) => count > 1)
          .map(([, , , , at]) => at)
          .sort(),
      ).toEqual(splits);
      expect(splits.some((at) => at > zoom + 1)).toBe(zoom === 11);
      expect(await clusters.query(set, bbox, zoom, 1_000)).toEqual(first);
    }
  });

  it('past its time to live reads the version, and reads the points again only when it changed', async () => {
    const { src, counts } = source(10);
    const first = await clusters.dataset('quiet', 1_000, src);
    expect(await clusters.dataset('quiet', 1_000, src)).toBe(first);
    expect(counts).toMatchObject({ versions: 1, loads: 1 });

    clock += 2_000;
    expect(await clusters.dataset('quiet', 1_000, src)).toBe(first);
    expect(counts).toMatchObject({ versions: 2, loads: 1 });
    // Checked just now: not asked again within the time to live.
    expect(await clusters.dataset('quiet', 1_000, src)).toBe(first);
    expect(counts.versions).toBe(2);

    counts.changes++;
    clock += 2_000;
    const changed = await clusters.dataset('quiet', 1_000, src);
    expect(changed.ids[0]).toBe(2_000_000);
    expect(counts).toMatchObject({ versions: 3, loads: 2 });
  });

  it('reads the points again after a write here, and past the longest age, whatever the version says', async () => {
    const { src, counts } = source(10);
    await clusters.dataset('written', 60_000, src);
    clusters.invalidate('written');
    expect((await clusters.dataset('written', 60_000, src)).ids[0]).toBe(2_000_000);

    for (let at = 0; at < MAX_AGE_MS; at += 60_000) {
      clock += 60_000;
      await clusters.dataset('written', 60_000, src);
    }
    expect(counts.changes).toBe(0);
    expect((await clusters.dataset('written', 60_000, src)).ids[0]).toBe(3_000_000);
  });

  it('answers a large set from the last index while the next one builds, a small one after rebuilding', async () => {
    const big = source(60_000);
    const first = await clusters.dataset('big', 1_000, big.src);
    big.counts.changes++;
    clock += 2_000;
    const stale = await clusters.dataset('big', 1_000, big.src);
    expect(stale).toBe(first);
    // The rebuild started by that call finishes in the background.
    await expect
      .poll(async () => (await clusters.dataset('big', 1_000, big.src)).ids[0], { timeout: 10_000 })
      .toBe(2_000_000);

    const small = source(10);
    const before = await clusters.dataset('small', 1_000, small.src);
    small.counts.changes++;
    clock += 2_000;
    const after = await clusters.dataset('small', 1_000, small.src);
    expect(after).not.toBe(before);
    expect(after.ids[0]).toBeGreaterThan(before.ids[0]!);
  });

  it('keeps answering a large set from the last index when its check fails, and checks again on the next use', async () => {
    const { src, counts } = source(60_000);
    const first = await clusters.dataset('flaky', 1_000, src);
    const failing: PointSource = { ...src, version: () => Promise.reject(new Error('connection lost')) };
    clock += 2_000;
    expect(await clusters.dataset('flaky', 1_000, failing)).toBe(first);
    await new Promise((resolve) => setTimeout(resolve, 10));
    counts.changes++;
    expect(await clusters.dataset('flaky', 1_000, src)).toBe(first);
    await expect
      .poll(async () => (await clusters.dataset('flaky', 1_000, src)).ids[0], { timeout: 10_000 })
      .toBe(2_000_000);
  });

  it('answers views of a large set while its next index builds, from the last index', async () => {
    const { src, counts } = source(300_000);
    const first = await clusters.dataset('busy', 1_000, src);
    counts.changes++;
    clock += 2_000;
    expect(await clusters.dataset('busy', 1_000, src)).toBe(first);
    // The next index is building (seconds for 300,000 points); a view of the last one is answered meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const view = (await clusters.query(first, [-130, 20, -60, 52], 4, 1000))!;
    expect(view.reduce((sum, [, , count]) => sum + count, 0)).toBe(300_000);
    expect(await clusters.dataset('busy', 1_000, src)).toBe(first);
    await expect
      .poll(async () => (await clusters.dataset('busy', 1_000, src)).ids[0], { timeout: 30_000 })
      .toBe(2_000_000);
    // The replaced index still answers a view asked of it a moment late.
    expect((await clusters.query(first, [-130, 20, -60, 52], 4, 1000))!.length).toBeGreaterThan(0);
  });

  it('answers a large set with no index yet from its sketch at once, with its totals, until the index is built', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const points = line(60_000);
    // 59,999 points in Kansas as the last build left them, and one alone in Seattle, drawn as its marker.
    const bounds = { south: 38, west: -122.33, north: 47.61, east: -95 };
    const sketch = kansas(bounds);
    const seattle = {
      counts: Int32Array.of(30_000, 29_999, 1),
      coords: Float64Array.of(...sketch.coords, -122.33, 47.61),
      ids: Int32Array.of(0, 0, 7),
      flags: Uint8Array.of(0, 0, 1),
    };
    const src: PointSource = {
      version: async () => 'v1',
      load: async () => (await held, points),
      sketch: async () => ({ ...sketch, ...seattle }),
    };
    const first = await clusters.dataset('sketched', 1_000, src);
    expect(first).toMatchObject({ coarse: true, count: 60_000, bounds });
    const view = (await clusters.query(first, [-130, 20, -60, 52], 4, 1000))!;
    expect(view.reduce((sum, [, , count]) => sum + count, 0)).toBe(60_000);
    const alone = view.find(([, , count, point]) => count === 1 && point >= 0)!;
    expect(first.ids[alone[3]]).toBe(7);
    expect(first.flags[alone[3]]).toBe(1);
    // Closer in than the cells: a cell of several points is still one cluster, opened one zoom closer.
    const close = (await clusters.query(first, [-99.1, 38, -98.9, 38.1], 16, 1000))!;
    expect(close.map(([, , count, point, zoom]) => [count, point, zoom])).toEqual([
      [30_000, -1, 17],
      [29_999, -1, 17],
    ]);
    expect(await clusters.dataset('sketched', 1_000, src)).toBe(first);

    release();
    await expect
      .poll(async () => (await clusters.dataset('sketched', 1_000, src)).coarse, { timeout: 10_000 })
      .toBe(false);
    const built = await clusters.dataset('sketched', 1_000, src);
    expect(built.count).toBe(60_000);
    expect((await clusters.query(built, [-130, 20, -60, 52], 4, 1000))!.length).toBeGreaterThan(0);
  });

  it('never takes a sketch as up to date: a failed build is tried again on the next use, answered from the sketch', async () => {
    const { src, counts } = source(60_000);
    const sketch = kansas({ south: 38, west: -100, north: 38.099, east: -95 });
    const failing: PointSource = {
      ...src,
      load: () => Promise.reject(new Error('connection lost')),
      sketch: async () => sketch,
    };
    const first = await clusters.dataset('unlucky', 60_000, failing);
    expect(first.coarse).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 10));
    // Well within its time to live, the next use builds again.
    expect(await clusters.dataset('unlucky', 60_000, src)).toBe(first);
    await expect
      .poll(async () => (await clusters.dataset('unlucky', 60_000, src)).coarse, { timeout: 10_000 })
      .toBe(false);
    expect(counts.loads).toBe(1);
  });

  it('after a write here while drawn from its sketch, builds again once the build under way is done', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let loads = 0;
    const src: PointSource = {
      version: async () => 'v1',
      // The first load was under way before the write: the next one may hold what it wrote.
      load: async () => (++loads === 1 && (await held), line(60_000, loads * 1_000_000)),
      sketch: async () => kansas({ south: 38, west: -100, north: 38.099, east: -95 }),
    };
    expect((await clusters.dataset('sketch-then-write', 60_000, src)).coarse).toBe(true);
    clusters.invalidate('sketch-then-write');
    release();
    await expect
      .poll(async () => (await clusters.dataset('sketch-then-write', 60_000, src)).ids[0], { timeout: 10_000 })
      .toBe(2_000_000);
  });

  it('saves the sketch of a large set it built, at most every few minutes, and none of a small one', async () => {
    const saved: { version: string; total: number; bounds: Sketch['bounds'] }[] = [];
    const saving = (n: number) => {
      const { src, counts } = source(n);
      const saveSketch = async (version: string, sketch: Sketch) =>
        void saved.push({ version, total: sketchTotal(sketch), bounds: sketch.bounds });
      return { src: { ...src, saveSketch }, counts };
    };
    const big = saving(60_000);
    await clusters.dataset('saved', 1_000, big.src);
    expect(saved).toEqual([
      { version: '0', total: 60_000, bounds: expect.objectContaining({ south: 38, west: -100 }) },
    ]);
    big.counts.changes++;
    clock += 2_000;
    await clusters.dataset('saved', 1_000, big.src);
    await expect
      .poll(async () => (await clusters.dataset('saved', 1_000, big.src)).ids[0], { timeout: 10_000 })
      .toBe(2_000_000);
    expect(saved).toHaveLength(1);
    big.counts.changes++;
    clock += SKETCH_EVERY_MS;
    await clusters.dataset('saved', 1_000, big.src);
    await expect.poll(() => saved.length, { timeout: 10_000 }).toBe(2);
    expect(saved[1]!.version).toBe('2');

    await clusters.dataset('unsaved', 1_000, saving(10).src);
    expect(saved).toHaveLength(2);
  });
});

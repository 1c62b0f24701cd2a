import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { sketchOf, sketchTotal, type Cells, type Sketch } from './map-sketch';

/** One set of points, indexed in the worker; `ids` and `flags` give each point's row and picture. */
export interface PointSet {
  ids: Int32Array;
  /** 1 = the second picture of the layer (a converted visit). */
  flags: Uint8Array;
  /** lng, lat of each point in turn. */
  coords: Float64Array;
  /** Each point's title in UTF-8 followed by a NUL byte, and where each title ends (its NUL). */
  titles: Uint8Array;
  titleEnds: Int32Array;
}

/** Where a set's points come from, and how to tell whether they changed without reading them all. */
export interface PointSource {
  /** Differs from the last one read whenever the points may have changed since. */
  version(): Promise<string>;
  /** The points, at least as recent as the version read just before. */
  load(): Promise<PointSet>;
  /** The sketch a build saved, when it may stand for the points now (ADR 040); null when none may. */
  sketch?(): Promise<Sketch | null>;
  /** Keeps the sketch of the points read at `version` for the instances that start next. */
  saveSketch?(version: string, sketch: Sketch): Promise<void>;
}

export interface Dataset extends Pick<PointSet, 'ids' | 'flags' | 'titles' | 'titleEnds'> {
  key: string;
  count: number;
  bounds: { south: number; west: number; north: number; east: number } | null;
  /** The source's version the points were read at. */
  version: string;
  builtAt: number;
  /** When the source's version was last found unchanged (or the set built). */
  checkedAt: number;
  /** The thread that holds its index. */
  thread: ClusterThread;
  /**
   * Drawn from a sketch while the set's own index builds (ADR 040): cells for points, no titles (looked up by id),
   * and never taken as up to date.
   */
  coarse: boolean;
}

/** [lng, lat, count, point index (-1 for a cluster), zoom that opens the cluster] */
export type ClusterTuple = [number, number, number, number, number];

interface Entry {
  dataset?: Dataset;
  refreshing?: Promise<Dataset>;
  /** The set as its sketch draws it, asked for while it has no index. */
  sketching?: Promise<Dataset | null>;
  /** When this instance last saved the set's sketch. */
  sketchSavedAt?: number;
  /** Set when a write in this instance may have changed the points: the next use rebuilds. */
  invalid: boolean;
}

/**
 * Up to this many points, a stale set is rebuilt before answering (a second or less), on the thread the small sets
 * share; above, it is answered from while the next index builds on a thread of its own, which then takes over.
 */
const AWAIT_REBUILD_BELOW = 50_000;

/**
 * How long a replaced index's thread lives on: a request that took the last index a moment before its successor
 * was ready still asks it for the view.
 */
const RETIRE_AFTER_MS = 10_000;

/**
 * A set is read again after this long even when its version says nothing changed: a bound on what a version can
 * miss (a TRUNCATE, which PostgreSQL's row counts leave out, or counting turned off).
 */
export const MAX_AGE_MS = 15 * 60_000;

/**
 * A sketch is saved at most this often (by any instance): every instance rebuilds each large set every minute or
 * so, and a sketch a few minutes old is as good to start from.
 */
export const SKETCH_EVERY_MS = 5 * 60_000;

/** A worker thread holding cluster indexes, and the calls it has yet to answer. */
class ClusterThread {
  private readonly worker = new Worker(new URL('./cluster-worker.mjs', import.meta.url));
  private readonly calls = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  private nextCall = 1;
  private retiring = false;
  failed = false;
  /** Settles when the thread has ended, however it ended. */
  readonly exited = new Promise<void>((resolve) => this.worker.once('exit', () => resolve()));

  constructor(onError: (thread: ClusterThread, err: Error) => void) {
    this.worker.unref();
    this.worker.on('message', ({ id, result, error }: { id: number; result?: unknown; error?: string }) => {
      const call = this.calls.get(id);
      this.calls.delete(id);
      if (error) call?.reject(new Error(error));
      else call?.resolve(result);
      if (this.retiring && !this.calls.size) void this.worker.terminate();
    });
    this.worker.on('error', (err) => {
      this.failed = true;
      for (const call of this.calls.values()) call.reject(err);
      this.calls.clear();
      onError(this, err);
    });
  }

  call<T>(message: Record<string, unknown>, transfer: ArrayBuffer[] = []): Promise<T> {
    const id = this.nextCall++;
    return new Promise<T>((resolve, reject) => {
      this.calls.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ ...message, id }, transfer);
    });
  }

  /** Ends the thread a while after its index was replaced, once the calls made to it are answered. */
  retire(): void {
    setTimeout(() => {
      this.retiring = true;
      if (!this.calls.size) void this.worker.terminate();
    }, RETIRE_AFTER_MS).unref();
  }

  terminate(): Promise<number> {
    return this.worker.terminate();
  }
}

const utf8 = new TextDecoder();

/** The title of point `point` of a set. */
export function titleOf(set: Pick<PointSet, 'titles' | 'titleEnds'>, point: number): string {
  return utf8.decode(set.titles.subarray(point ? set.titleEnds[point - 1]! + 1 : 0, set.titleEnds[point]));
}

function boundsOf(coords: Float64Array): Dataset['bounds'] {
  if (!coords.length) return null;
  let [west, south, east, north] = [180, 90, -180, -90];
  for (let i = 0; i < coords.length; i += 2) {
    const lng = coords[i]!;
    const lat = coords[i + 1]!;
    if (lng < west) west = lng;
    if (lng > east) east = lng;
    if (lat < south) south = lat;
    if (lat > north) north = lat;
  }
  return { south, west, north, east };
}

/**
 * Cluster indexes of the map layers, kept per instance (ADR 017). Past its time to live a set's version is read,
 * and the set rebuilt from the database only when the version changed; a write here that may change it rebuilds it
 * on its next use. Each instance builds its own from the same rows, so instances agree within the time to live
 * (rebuilding half a million points every minute when nothing changed was most of a server's background work).
 * Builds and queries run in worker threads: the small sets share one; a large set has its own, and is rebuilt on a
 * new one that replaces it when done, so no view waits seconds behind a rebuild.
 */
export class MapClusters {
  private shared: ClusterThread | undefined;
  private readonly threads = new Set<ClusterThread>();
  private readonly entries = new Map<string, Entry>();
  /** Sketches being saved: a build does not wait for its own, but closing does. */
  private readonly saving = new Set<Promise<void>>();

  constructor(
    private readonly log?: FastifyBaseLogger,
    private readonly now: () => number = Date.now,
  ) {}

  private thread(): ClusterThread {
    const thread = new ClusterThread((failed, err) => {
      // Its indexes died with it: the next use of each rebuilds them.
      this.log?.error({ err }, 'map cluster worker failed');
      if (failed === this.shared) this.shared = undefined;
      for (const entry of this.entries.values())
        if (entry.dataset?.thread === failed) [entry.dataset, entry.sketching] = [undefined, undefined];
    });
    this.threads.add(thread);
    void thread.exited.then(() => this.threads.delete(thread));
    return thread;
  }

  /**
   * The indexed set under `key`. Older than `ttlMs` since last checked, it is checked: built again from `source`
   * when its version changed, when a write here invalidated it, or past MAX_AGE_MS; else kept as it is.
   */
  async dataset(key: string, ttlMs: number, source: PointSource): Promise<Dataset> {
    let entry = this.entries.get(key);
    if (!entry) this.entries.set(key, (entry = { invalid: false }));
    const current = entry.dataset;
    if (current && !current.coarse && !entry.invalid && this.now() - current.checkedAt < ttlMs) return current;
    const refreshing = (entry.refreshing ??= this.refresh(key, entry, source));
    // Its failure reaches the caller below, or is logged: not an unhandled rejection while the sketch is read.
    refreshing.catch(() => {});
    const meanwhile = current ?? (await (entry.sketching ??= this.fromSketch(key, entry, source)));
    if (meanwhile && !this.awaitsRebuild(meanwhile)) {
      // Answered from the last index (or the sketch) meanwhile; a failed check or build is tried again on a later use.
      refreshing.catch((err: unknown) => this.log?.error({ err, key }, 'map index not refreshed'));
      return entry.dataset ?? meanwhile;
    }
    return refreshing;
  }

  /**
   * A large set with no index yet, drawn from its sketch on the shared thread until its own index is built (ADR
   * 040): seconds sooner than the index at a million members. Null when no sketch may stand for the points.
   */
  private async fromSketch(key: string, entry: Entry, source: PointSource): Promise<Dataset | null> {
    try {
      const sketch = await source.sketch?.();
      if (!sketch || entry.dataset) return entry.dataset ?? null;
      const thread = (this.shared ??= this.thread());
      // Its own key: the set's index may come to live on the same thread.
      const dataset: Dataset = {
        key: `${key}#sketch`,
        ids: sketch.ids,
        flags: sketch.flags,
        titles: new Uint8Array(0),
        titleEnds: new Int32Array(0),
        count: sketchTotal(sketch),
        bounds: sketch.bounds,
        version: '',
        builtAt: this.now(),
        checkedAt: this.now(),
        thread,
        coarse: true,
      };
      await thread.call({ op: 'load', key: dataset.key, coords: sketch.coords, weights: sketch.counts }, [
        sketch.coords.buffer as ArrayBuffer,
        sketch.counts.buffer as ArrayBuffer,
      ]);
      // The index was quicker.
      if (entry.dataset) {
        void thread.call({ op: 'drop', key: dataset.key }).catch(() => {});
        return entry.dataset;
      }
      return (entry.dataset = dataset);
    } catch (err) {
      this.log?.error({ err, key }, 'map sketch not read');
      return null;
    }
  }

  /** Whether a stale set is rebuilt before answering (small) rather than answered from while it rebuilds. */
  awaitsRebuild(dataset: Pick<Dataset, 'count'>): boolean {
    return dataset.count < AWAIT_REBUILD_BELOW;
  }

  private async refresh(key: string, entry: Entry, source: PointSource): Promise<Dataset> {
    const invalid = entry.invalid;
    entry.invalid = false;
    try {
      const checkedAt = this.now();
      const version = await source.version();
      const current = entry.dataset;
      const unchanged = current && !current.coarse && !invalid && version === current.version;
      if (unchanged && checkedAt - current.builtAt < MAX_AGE_MS) {
        current.checkedAt = checkedAt;
        return current;
      }
      return await this.build(key, entry, source, version, checkedAt);
    } catch (err) {
      // Still to do: the next use tries again.
      if (invalid) entry.invalid = true;
      throw err;
    } finally {
      entry.refreshing = undefined;
    }
  }

  private async build(
    key: string,
    entry: Entry,
    source: PointSource,
    version: string,
    startedAt: number,
  ): Promise<Dataset> {
    const points = await source.load();
    const count = points.ids.length;
    const large = !this.awaitsRebuild({ count });
    const thread = large ? this.thread() : (this.shared ??= this.thread());
    const bounds = boundsOf(points.coords);
    // Only a large set is answered from a sketch; its cells are counted by the thread that indexes it.
    const sketching =
      large &&
      bounds !== null &&
      !!source.saveSketch &&
      startedAt - (entry.sketchSavedAt ?? -Infinity) >= SKETCH_EVERY_MS;
    let cells: Cells | true;
    try {
      cells = await thread.call<Cells | true>({ op: 'load', key, coords: points.coords, sketch: sketching }, [
        points.coords.buffer as ArrayBuffer,
      ]);
    } catch (err) {
      if (thread !== this.shared) thread.retire();
      throw err;
    }
    const previous = entry.dataset;
    if (previous && !previous.thread.failed && (previous.thread !== thread || previous.key !== key)) {
      if (previous.thread === this.shared) void previous.thread.call({ op: 'drop', key: previous.key }).catch(() => {});
      else previous.thread.retire();
    }
    if (cells !== true && bounds) {
      entry.sketchSavedAt = startedAt;
      const saved = source.saveSketch!(version, sketchOf(cells, points, bounds))
        .catch((err: unknown) => this.log?.error({ err, key }, 'map sketch not saved'))
        .finally(() => this.saving.delete(saved));
      this.saving.add(saved);
    }
    const dataset: Dataset = {
      key,
      ids: points.ids,
      flags: points.flags,
      titles: points.titles,
      titleEnds: points.titleEnds,
      count,
      bounds,
      version,
      builtAt: startedAt,
      checkedAt: startedAt,
      thread,
      coarse: false,
    };
    entry.dataset = dataset;
    return dataset;
  }

  query(dataset: Dataset, bbox: [number, number, number, number], zoom: number, limit: number) {
    return dataset.thread.call<ClusterTuple[] | null>({ op: 'query', key: dataset.key, bbox, zoom, limit });
  }

  /** After a write that may move, add or remove points of the sets whose key starts with `prefix`. */
  invalidate(prefix: string): void {
    for (const [key, entry] of this.entries) if (key.startsWith(prefix)) entry.invalid = true;
  }

  async close(): Promise<void> {
    await Promise.all(this.saving);
    const threads = [...this.threads];
    this.threads.clear();
    this.shared = undefined;
    await Promise.all(threads.map((t) => t.terminate()));
  }
}

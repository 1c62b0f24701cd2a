import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';

/** One set of points, indexed in the worker; `ids` and `flags` give each point's row and picture. */
export interface PointSet {
  ids: Int32Array;
  /** 1 = the second picture of the layer (a converted visit). */
  flags: Uint8Array;
  /** lng, lat of each point in turn. */
  coords: Float64Array;
}

export interface Dataset {
  key: string;
  ids: Int32Array;
  flags: Uint8Array;
  count: number;
  bounds: { south: number; west: number; north: number; east: number } | null;
  builtAt: number;
}

/** [lng, lat, count, point index (-1 for a cluster), zoom that opens the cluster] */
export type ClusterTuple = [number, number, number, number, number];

interface Entry {
  dataset?: Dataset;
  building?: Promise<Dataset>;
  /** Set when a write in this instance may have changed the points: the next use rebuilds. */
  invalid: boolean;
}

/** Up to this many points, a stale set is rebuilt before answering (a second or less); above, in the background. */
const AWAIT_REBUILD_BELOW = 50_000;

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
 * Cluster indexes of the map layers, kept per instance and rebuilt from the database when older than their
 * time to live or after a write here that may change them (ADR 017). Each instance builds its own from the same
 * rows, so instances agree within the time to live. Builds and queries run in a worker thread.
 */
export class MapClusters {
  private worker: Worker | undefined;
  private readonly calls = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  private readonly entries = new Map<string, Entry>();
  private nextCall = 1;

  constructor(
    private readonly log?: FastifyBaseLogger,
    private readonly now: () => number = Date.now,
  ) {}

  /** Started on first use: an instance whose users open no map spends nothing on it. */
  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL('./cluster-worker.mjs', import.meta.url));
    worker.unref();
    worker.on('message', ({ id, result, error }: { id: number; result?: unknown; error?: string }) => {
      const call = this.calls.get(id);
      this.calls.delete(id);
      if (error) call?.reject(new Error(error));
      else call?.resolve(result);
    });
    worker.on('error', (err) => {
      // Its indexes died with it: the next use starts a new thread and rebuilds them.
      this.log?.error({ err }, 'map cluster worker failed');
      for (const call of this.calls.values()) call.reject(err);
      this.calls.clear();
      this.entries.clear();
      this.worker = undefined;
    });
    return (this.worker = worker);
  }

  private call<T>(message: Record<string, unknown>, transfer: ArrayBuffer[] = []): Promise<T> {
    const id = this.nextCall++;
    return new Promise<T>((resolve, reject) => {
      this.calls.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.thread().postMessage({ ...message, id }, transfer);
    });
  }

  /** The indexed set under `key`, built with `load` when missing, expired (`ttlMs`) or invalidated. */
  async dataset(key: string, ttlMs: number, load: () => Promise<PointSet>): Promise<Dataset> {
    let entry = this.entries.get(key);
    if (!entry) this.entries.set(key, (entry = { invalid: false }));
    const current = entry.dataset;
    const fresh = current && !entry.invalid && this.now() - current.builtAt < ttlMs;
    if (fresh) return current;
    entry.building ??= this.build(key, entry, load);
    if (current && !this.awaitsRebuild(current)) return current;
    return entry.building;
  }

  /** Whether a stale set is rebuilt before answering (small) rather than answered from while it rebuilds. */
  awaitsRebuild(dataset: Dataset): boolean {
    return dataset.count < AWAIT_REBUILD_BELOW;
  }

  private async build(key: string, entry: Entry, load: () => Promise<PointSet>): Promise<Dataset> {
    entry.invalid = false;
    try {
      const startedAt = this.now();
      const points = await load();
      const bounds = boundsOf(points.coords);
      await this.call({ op: 'load', key, coords: points.coords }, [points.coords.buffer as ArrayBuffer]);
      const dataset = {
        key,
        ids: points.ids,
        flags: points.flags,
        count: points.ids.length,
        bounds,
        builtAt: startedAt,
      };
      entry.dataset = dataset;
      return dataset;
    } finally {
      entry.building = undefined;
    }
  }

  query(dataset: Dataset, bbox: [number, number, number, number], zoom: number, limit: number) {
    return this.call<ClusterTuple[] | null>({ op: 'query', key: dataset.key, bbox, zoom, limit });
  }

  /** After a write that may move, add or remove points of the sets whose key starts with `prefix`. */
  invalidate(prefix: string): void {
    for (const [key, entry] of this.entries) if (key.startsWith(prefix)) entry.invalid = true;
  }

  async close(): Promise<void> {
    await this.worker?.terminate();
    this.worker = undefined;
  }
}

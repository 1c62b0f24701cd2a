function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * sfc32, a small fast PRNG that passes PractRand. Seeded from any list of integers (seed, stream, index), so every
 * customer or day gets its own stream: the data of one does not shift when another changes, and any part can be
 * regenerated on its own.
 */
export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d = 1;

  constructor(...keys: number[]) {
    let h = 0x811c9dc5;
    for (const k of keys) h = fmix32(h ^ fmix32((k >>> 0) + 0x9e3779b9) ^ fmix32(Math.floor(k / 2 ** 32)));
    this.a = fmix32(h ^ 0x1b873593);
    this.b = fmix32(h ^ 0xcc9e2d51);
    this.c = fmix32(h ^ 0xe6546b64);
    for (let i = 0; i < 12; i++) this.next();
  }

  /** Uniform in [0, 1). */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  /** Integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** Real number in [min, max). */
  between(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  normal(mean: number, sd: number): number {
    return mean + sd * Math.sqrt(-2 * Math.log(1 - this.next())) * Math.cos(2 * Math.PI * this.next());
  }

  /** Events in an interval where `mean` are expected; for the small means used here. */
  poisson(mean: number): number {
    const limit = Math.exp(-mean);
    let k = 0;
    for (let p = this.next(); p > limit; p *= this.next()) k++;
    return k;
  }
}

/** Picks items with the given relative weights; weights of 0 are never picked. */
export class Weighted<T> {
  private readonly cumulative: number[] = [];

  constructor(
    private readonly items: readonly T[],
    weights: readonly number[],
  ) {
    let sum = 0;
    for (const w of weights) this.cumulative.push((sum += w));
  }

  pick(rng: Random): T {
    const x = rng.next() * this.cumulative[this.cumulative.length - 1]!;
    let i = 0;
    while (this.cumulative[i]! <= x) i++;
    return this.items[i]!;
  }
}

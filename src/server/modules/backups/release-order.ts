/** One release number, `major.minor.patch[-pre.release][+build]`. */
function parse(version: string): { core: number[]; pre: string[] } {
  const m = /^(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/.exec(version);
  if (!m) throw new Error(`Not a release number: ${version}`);
  return { core: [Number(m[1]), Number(m[2]), Number(m[3])], pre: m[4] ? m[4].split('.') : [] };
}

const numeric = (s: string) => /^\d+$/.test(s);

function comparePre(a: string[], b: string[]): number {
  // A release comes after its own pre-releases (1.1.0-rc.1 < 1.1.0).
  if (!a.length || !b.length) return b.length - a.length;
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x === y) continue;
    if (numeric(x) && numeric(y)) return Number(x) - Number(y);
    if (numeric(x) !== numeric(y)) return numeric(x) ? -1 : 1;
    return x < y ? -1 : 1;
  }
  return a.length - b.length;
}

/** Negative when release a came before b, positive after, 0 the same (semantic versioning's order; build ignored). */
export function compareReleases(a: string, b: string): number {
  const x = parse(a);
  const y = parse(b);
  for (let i = 0; i < 3; i++) if (x.core[i] !== y.core[i]) return x.core[i]! - y.core[i]!;
  return comparePre(x.pre, y.pre);
}

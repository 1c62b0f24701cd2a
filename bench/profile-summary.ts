/**
 * `npx tsx bench/profile-summary.ts <file.cpuprofile> [top]`: where a server's CPU went, from a profile written
 * under BENCH_CPU_PROFILE (bench/instance.mjs): the functions with the most self time, the functions and the
 * packages most often on the stack (inclusive: a sample counts once for each), as shares of the samples.
 */
import fs from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
}

const [file, top = '25'] = process.argv.slice(2);
if (!file) throw new Error('usage: npx tsx bench/profile-summary.ts <file.cpuprofile> [top]');
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;

/** A package (node_modules/<name>), a file of the app (src/...), Node's own code, or V8's (GC, idle, program). */
function placeOf(url: string): string {
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (inPackage) return inPackage[1]!;
  const inApp = /\/(src\/.*)$/.exec(url);
  if (inApp) return inApp[1]!;
  return url.startsWith('node:') ? 'node' : url || 'v8';
}
const nameOf = ({ callFrame: f }: ProfileNode) =>
  `${f.functionName || '(anonymous)'} ${placeOf(f.url)}${f.url ? `:${f.lineNumber + 1}` : ''}`;

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);

const self = new Map<string, number>();
const inclusive = new Map<string, number>();
const packages = new Map<string, number>();
const add = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
let busy = 0;
for (const id of profile.samples) {
  const leaf = byId.get(id)!;
  if (leaf.callFrame.functionName === '(idle)') continue;
  busy++;
  add(self, nameOf(leaf));
  const functions = new Set<string>();
  const places = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const node = byId.get(at)!;
    if (node.callFrame.functionName === '(root)') continue;
    functions.add(nameOf(node));
    places.add(placeOf(node.callFrame.url));
  }
  for (const f of functions) add(inclusive, f);
  for (const p of places) add(packages, p);
}

const table = (map: Map<string, number>) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, Number(top))
    .map(([name, n]) => ({ '% of busy samples': Math.round((n / busy) * 1000) / 10, name }));
console.log(`${file}: ${busy} busy samples of ${profile.samples.length}`);
console.log('\nSelf time');
console.table(table(self));
console.log('\nOn the stack (inclusive), by function');
console.table(table(inclusive));
console.log('\nOn the stack (inclusive), by package or file');
console.table(table(packages));

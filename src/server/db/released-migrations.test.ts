import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const folder = path.resolve('src/server/db/migrations');
const released = JSON.parse(fs.readFileSync(path.join(folder, 'released.json'), 'utf8')) as Record<
  string,
  { release: string; sha256: string }
>;
const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
  entries: { idx: number; tag: string; when: number }[];
};
const sha256 = (tag: string) =>
  createHash('sha256')
    .update(fs.readFileSync(path.join(folder, `${tag}.sql`)))
    .digest('hex');

describe('released migrations', () => {
  it('are never edited: each one shipped in a release keeps its content to the byte', () => {
    for (const [tag, { sha256: shipped }] of Object.entries(released)) expect(sha256(tag), tag).toBe(shipped);
  });

  it('come first, in the order they shipped; later migrations only follow them', () => {
    const tags = journal.entries.map((e) => e.tag);
    const shipped = Object.keys(released);
    expect(tags.slice(0, shipped.length)).toEqual(shipped);
    const whens = journal.entries.map((e) => e.when);
    expect([...whens].sort((a, b) => a - b)).toEqual(whens);
    expect(journal.entries.map((e) => e.idx)).toEqual(tags.map((_, i) => i));
  });
});

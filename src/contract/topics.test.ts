import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from './endpoints';
import { READ_ONLY_TOPICS, TOPICS, type Topic } from './topics';

const name = (e: { method: string; path: string }) => `${e.method} ${e.path}`;
const reads = new Set(ENDPOINTS.flatMap((e) => e.reads ?? []));
const changes = new Set(ENDPOINTS.flatMap((e) => e.changes ?? []));

describe('what each endpoint declares it reads and changes (ADR 033)', () => {
  it('declares the topics a read reads and a write changes, and nothing else', () => {
    const undeclared = ENDPOINTS.filter((e) =>
      e.method === 'GET'
        ? !Array.isArray(e.reads) || e.reads.length === 0 || 'changes' in e || 'removes' in e
        : !Array.isArray(e.changes) || 'reads' in e,
    );
    expect(undeclared.map(name)).toEqual([]);
    const unknown = ENDPOINTS.filter((e) =>
      [...(e.reads ?? []), ...(e.changes ?? [])].some((t) => !TOPICS.includes(t)),
    );
    expect(unknown.map(name)).toEqual([]);
  });

  it('has every topic read changed by some write, unless it is read-only through the API', () => {
    const neverChanged = [...reads].filter((t) => !changes.has(t) && !READ_ONLY_TOPICS.includes(t));
    expect(neverChanged).toEqual([]);
    const writtenReadOnly = READ_ONLY_TOPICS.filter((t) => changes.has(t));
    expect(writtenReadOnly).toEqual([]);
  });

  it('has every topic read by some endpoint, so a change to it can make something stale', () => {
    expect(TOPICS.filter((t: Topic) => !reads.has(t))).toEqual([]);
  });

  it('removes only a record it changes, named by its path', () => {
    const wrong = ENDPOINTS.filter((e) => e.removes && (!e.changes?.includes(e.removes) || !e.path.includes('/:')));
    expect(wrong.map(name)).toEqual([]);
  });
});

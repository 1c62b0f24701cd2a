import { hashKey, type Query, type QueryClient } from '@tanstack/react-query';
import type { Endpoint } from '../../../contract/endpoint';
import type { Topic } from '../../../contract/topics';

/** What a cached answer was read from, kept with it: its endpoint's declaration (ADR 033). */
export const readsMeta = (e: Endpoint) => ({ reads: e.reads ?? [] });

const readsOf = (query: Query) => (query.meta?.reads ?? []) as readonly Topic[];
const paramsOf = (input: unknown) => (input as { params?: unknown } | undefined)?.params;

/**
 * After a successful write: every cached answer read from a topic the write's endpoint changes is marked stale, and
 * those on screen reload (awaited). The answer about the record the write removes (the same path parameters,
 * reading the removed topic) is only marked stale: asked again it would answer 404 while its page closes.
 */
export async function invalidateChanged(client: QueryClient, e: Endpoint, input?: unknown): Promise<void> {
  const changes = e.changes ?? [];
  if (!changes.length) return;
  const params = paramsOf(input);
  const removed = (query: Query) =>
    e.removes !== undefined &&
    params !== undefined &&
    readsOf(query).includes(e.removes) &&
    hashKey([paramsOf(query.queryKey[1]) ?? null]) === hashKey([params]);
  const stale = (query: Query) => readsOf(query).some((topic) => changes.includes(topic));
  await Promise.all([
    client.invalidateQueries({ predicate: (query) => stale(query) && !removed(query) }),
    client.invalidateQueries({ predicate: removed, refetchType: 'none' }),
  ]);
}

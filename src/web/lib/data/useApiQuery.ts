import { useQuery, type QueryClient, type UseQueryOptions } from '@tanstack/react-query';
import type { CallInput, Endpoint, ResponseOf } from '../../../contract/endpoint';
import { api, endpointKey } from '../api';
import { readsMeta } from './invalidate';

type Options<E extends Endpoint> = Omit<UseQueryOptions<ResponseOf<E>>, 'queryKey' | 'queryFn' | 'meta'>;

const call = api as <E extends Endpoint>(e: E, input: object, init?: { signal?: AbortSignal }) => Promise<ResponseOf<E>>;

/**
 * A GET of a declared endpoint as the query cache keeps it: keyed by the endpoint's path and its input, and marked
 * with the topics it reads so that a write changing one of them makes it stale.
 */
const queryOf = <E extends Endpoint>(e: E, input: CallInput<E>) => ({
  queryKey: endpointKey(e, input),
  queryFn: ({ signal }: { signal: AbortSignal }) => call(e, input as object, { signal }),
  meta: readsMeta(e),
});

/** A GET of a declared endpoint through the query cache. */
export function useApiQuery<E extends Endpoint>(e: E, input: CallInput<E>, options: Options<E> = {}) {
  return useQuery({ ...queryOf(e, input), ...options });
}

/** Starts the same GET ahead of the component that will ask for it (which then finds it under way or done). */
export function prefetchApiQuery<E extends Endpoint>(
  client: QueryClient,
  e: E,
  input: CallInput<E>,
  options: Pick<Options<E>, 'gcTime'> = {},
): void {
  void client.prefetchQuery({ ...queryOf(e, input), ...options });
}

/** The same GET's answer outside a component: the cached one, or the one under way, or a new call's. */
export function fetchApiQuery<E extends Endpoint>(client: QueryClient, e: E, input: CallInput<E>) {
  return client.ensureQueryData(queryOf(e, input));
}

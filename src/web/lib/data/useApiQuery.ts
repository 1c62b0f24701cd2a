import { useQuery, type QueryClient, type UseQueryOptions } from '@tanstack/react-query';
import type { CallInput, Endpoint, ResponseOf } from '../../../contract/endpoint';
import { api, endpointKey } from '../api';
import { readsMeta } from './invalidate';

type Options<E extends Endpoint> = Omit<UseQueryOptions<ResponseOf<E>>, 'queryKey' | 'queryFn' | 'meta'>;

const call = api as <E extends Endpoint>(e: E, input: object, init?: { signal?: AbortSignal }) => Promise<ResponseOf<E>>;

/**
 * A GET of a declared endpoint through the query cache, keyed by the endpoint's path and its input, and marked with
 * the topics it reads so that a write changing one of them makes it stale.
 */
export function useApiQuery<E extends Endpoint>(e: E, input: CallInput<E>, options: Options<E> = {}) {
  return useQuery({
    queryKey: endpointKey(e, input),
    queryFn: ({ signal }) => call(e, input as object, { signal }),
    meta: readsMeta(e),
    ...options,
  });
}

/** Starts the same GET ahead of the component that will ask for it (which then finds it under way or done). */
export function prefetchApiQuery<E extends Endpoint>(
  client: QueryClient,
  e: E,
  input: CallInput<E>,
  options: Pick<Options<E>, 'gcTime'> = {},
): void {
  void client.prefetchQuery({
    queryKey: endpointKey(e, input),
    queryFn: ({ signal }) => call(e, input as object, { signal }),
    meta: readsMeta(e),
    ...options,
  });
}

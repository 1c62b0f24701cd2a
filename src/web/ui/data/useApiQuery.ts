import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import type { CallInput, Endpoint, ResponseOf } from '../../../contract/endpoint';
import { api, endpointKey } from '../../lib/api';

type Options<E extends Endpoint> = Omit<UseQueryOptions<ResponseOf<E>>, 'queryKey' | 'queryFn'>;

const call = api as <E extends Endpoint>(e: E, input: object, init?: { signal?: AbortSignal }) => Promise<ResponseOf<E>>;

/** A GET of a declared endpoint through the query cache, keyed by the endpoint's path and its input. */
export function useApiQuery<E extends Endpoint>(e: E, input: CallInput<E>, options: Options<E> = {}) {
  return useQuery({
    queryKey: endpointKey(e, input),
    queryFn: ({ signal }) => call(e, input as object, { signal }),
    ...options,
  });
}

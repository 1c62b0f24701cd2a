import { urlOf, type CallInput, type Endpoint, type ResponseOf } from '../../contract/endpoint';
import { request, type CallInit } from './http';

/** Calls a declared endpoint: the one typed way the web app reaches the server. */
export function api<E extends Endpoint>(
  e: E,
  ...[input, init]: Record<never, never> extends CallInput<E>
    ? [input?: CallInput<E>, init?: CallInit]
    : [input: CallInput<E>, init?: CallInit]
): Promise<ResponseOf<E>> {
  const call = (input ?? {}) as { params?: unknown; query?: unknown; body?: unknown };
  const body = e.method === 'GET' || e.method === 'DELETE' ? undefined : (call.body ?? {});
  return request<ResponseOf<E>>(e.method, urlOf(e, call), body, init);
}

/** The cache key of a GET: its path pattern first, so every cached answer of an endpoint is invalidated at once. */
export const endpointKey = (e: Endpoint, input?: unknown) => (input === undefined ? [e.path] : [e.path, input]);

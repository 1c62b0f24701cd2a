/** The data layer: GETs through the query cache, changes through declared endpoints, and their invalidation. */
export { fetchApiQuery, prefetchApiQuery, useApiQuery } from './useApiQuery';
export { useInvalidate } from './useInvalidate';
export { useApiMutation, failureMessage } from './useApiMutation';
export type { MutationOptions } from './useApiMutation';

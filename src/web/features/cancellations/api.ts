import { keepPreviousData } from '@tanstack/react-query';
import type { QueryIn } from '../../../contract/endpoint';
import { cancellationEndpoints } from '../../../contract/subscriptions';
import { useApiQuery } from '../../lib/data';

export type CancellationListQuery = QueryIn<typeof cancellationEndpoints.list>;

export function useCancellations(query: CancellationListQuery) {
  return useApiQuery(cancellationEndpoints.list, { query }, { placeholderData: keepPreviousData });
}

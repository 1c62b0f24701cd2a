import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { cancellationPaths, type CancellationListQuery, type CancellationRow } from '../../../contract/subscriptions';
import type { Page } from '../../../contract/pagination';
import { http } from '../../lib/http';

export const cancellationKeys = {
  all: ['subscription-cancellations'] as const,
  list: (q: CancellationListQuery) => ['subscription-cancellations', 'list', q] as const,
};

export function useCancellations(query: CancellationListQuery) {
  return useQuery({
    queryKey: cancellationKeys.list(query),
    queryFn: () => http.get<Page<CancellationRow>>(cancellationPaths.list, query),
    placeholderData: keepPreviousData,
  });
}

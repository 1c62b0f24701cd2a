import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  subscriptionPaths,
  subscriptionUrls,
  type SubscriptionDetail,
  type SubscriptionListQuery,
  type SubscriptionRow,
} from '../../../contract/subscriptions';
import type { Page } from '../../../contract/pagination';
import { http } from '../../lib/http';

export const subscriptionKeys = {
  all: ['subscriptions'] as const,
  list: (q: SubscriptionListQuery) => ['subscriptions', 'list', q] as const,
  detail: (id: number) => ['subscriptions', 'detail', id] as const,
};

export function useSubscriptions(query: SubscriptionListQuery) {
  return useQuery({
    queryKey: subscriptionKeys.list(query),
    queryFn: () => http.get<Page<SubscriptionRow>>(subscriptionPaths.list, query),
    placeholderData: keepPreviousData,
  });
}

export function useSubscription(id: number) {
  return useQuery({
    queryKey: subscriptionKeys.detail(id),
    queryFn: () => http.get<SubscriptionDetail>(subscriptionUrls.detail(id)),
  });
}

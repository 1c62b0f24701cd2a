import { keepPreviousData } from '@tanstack/react-query';
import type { QueryIn } from '../../../contract/endpoint';
import { subscriptionEndpoints } from '../../../contract/subscriptions';
import { useApiQuery } from '../../lib/data';

export type SubscriptionListQuery = QueryIn<typeof subscriptionEndpoints.list>;

export function useSubscriptions(query: SubscriptionListQuery) {
  return useApiQuery(subscriptionEndpoints.list, { query }, { placeholderData: keepPreviousData });
}

export function useSubscription(id: number) {
  return useApiQuery(subscriptionEndpoints.detail, { params: { subscriptionId: id } });
}

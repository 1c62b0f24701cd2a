import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page } from '../../../contract/pagination';
import {
  parcelPaths,
  type Container,
  type CustomerItem,
  type Parcel,
  type ParcelDirection,
} from '../../../contract/parcels';
import { http } from '../../lib/http';

export type ParcelListQuery = { page: number; perPage: number; direction?: ParcelDirection };

export const parcelKeys = {
  all: ['parcels'] as const,
  list: (query: ParcelListQuery) => ['parcels', 'list', query] as const,
  items: (customerId: number) => ['parcels', 'customer-items', customerId] as const,
  containers: ['parcel-containers'] as const,
};

export function useParcels(query: ParcelListQuery) {
  return useQuery({
    queryKey: parcelKeys.list(query),
    queryFn: ({ signal }) => http.get<Page<Parcel>>(parcelPaths.list, query, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useContainers() {
  return useQuery({
    queryKey: parcelKeys.containers,
    queryFn: ({ signal }) => http.get<Container[]>(parcelPaths.containers, undefined, { signal }),
  });
}

export function useCustomerItems(customerId: number | undefined) {
  return useQuery({
    queryKey: parcelKeys.items(customerId ?? 0),
    queryFn: ({ signal }) => http.get<CustomerItem[]>(parcelPaths.customerItems(customerId!), undefined, { signal }),
    enabled: customerId !== undefined,
  });
}

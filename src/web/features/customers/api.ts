import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  customerPaths,
  type CustomerDetail,
  type CustomerListQuery,
  type CustomerRow,
} from '../../../contract/customers';
import type { Page } from '../../../contract/pagination';
import { http } from '../../lib/http';

export const customerKeys = {
  all: ['customers'] as const,
  list: (query: CustomerListQuery) => ['customers', 'list', query] as const,
  detail: (id: number) => ['customers', 'detail', id] as const,
};

export function useCustomers(query: CustomerListQuery) {
  return useQuery({
    queryKey: customerKeys.list(query),
    queryFn: ({ signal }) => http.get<Page<CustomerRow>>(customerPaths.list, query, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCustomer(id: number) {
  return useQuery({
    queryKey: customerKeys.detail(id),
    queryFn: ({ signal }) => http.get<CustomerDetail>(customerPaths.detail(id), undefined, { signal }),
  });
}

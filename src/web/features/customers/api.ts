import { keepPreviousData } from '@tanstack/react-query';
import { customerEndpoints } from '../../../contract/customers';
import type { QueryIn } from '../../../contract/endpoint';
import { useApiQuery } from '../../lib/data';

export function useCustomers(query: QueryIn<typeof customerEndpoints.list>) {
  return useApiQuery(customerEndpoints.list, { query }, { placeholderData: keepPreviousData });
}

export function useCustomer(id: number) {
  return useApiQuery(customerEndpoints.detail, { params: { id } });
}

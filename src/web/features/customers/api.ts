import { keepPreviousData } from '@tanstack/react-query';
import { customerEndpoints, type CustomerListQuery } from '../../../contract/customers';
import { useApiQuery } from '../../ui';

export function useCustomers(query: CustomerListQuery) {
  return useApiQuery(customerEndpoints.list, { query }, { placeholderData: keepPreviousData });
}

export function useCustomer(id: number) {
  return useApiQuery(customerEndpoints.detail, { params: { id } });
}

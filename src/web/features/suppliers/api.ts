import { keepPreviousData } from '@tanstack/react-query';
import type { QueryIn } from '../../../contract/endpoint';
import { supplierEndpoints } from '../../../contract/suppliers';
import { useApiQuery } from '../../ui';

export function useSuppliers(query: QueryIn<typeof supplierEndpoints.list>) {
  return useApiQuery(supplierEndpoints.list, { query }, { placeholderData: keepPreviousData });
}

export function useSupplier(id: string) {
  return useApiQuery(supplierEndpoints.detail, { params: { id } });
}

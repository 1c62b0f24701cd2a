import { keepPreviousData } from '@tanstack/react-query';
import type { QueryIn } from '../../../contract/endpoint';
import { supplierEndpoints } from '../../../contract/suppliers';
import { useApiQuery } from '../../lib/data';

export function useSuppliers(query: QueryIn<typeof supplierEndpoints.list>) {
  return useApiQuery(supplierEndpoints.list, { query }, { placeholderData: keepPreviousData });
}

export function useSupplier(id: string) {
  return useApiQuery(supplierEndpoints.detail, { params: { id } });
}

/** Every supplier's id and name: a supplier filter names its supplier, a chart's series find their supplier. */
export function useSupplierNames({ enabled = true } = {}) {
  return useApiQuery(supplierEndpoints.names, {}, { enabled });
}

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page } from '../../../contract/pagination';
import { supplierPaths, type Supplier } from '../../../contract/suppliers';
import { http } from '../../lib/http';

export const supplierKeys = {
  all: ['suppliers'] as const,
  list: (query: { page: number; perPage: number; q: string }) => ['suppliers', 'list', query] as const,
  detail: (id: number) => ['suppliers', 'detail', id] as const,
};

export function useSuppliers(query: { page: number; perPage: number; q: string }) {
  return useQuery({
    queryKey: supplierKeys.list(query),
    queryFn: ({ signal }) => http.get<Page<Supplier>>(supplierPaths.list, query, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSupplier(id: number) {
  return useQuery({
    queryKey: supplierKeys.detail(id),
    queryFn: ({ signal }) => http.get<Supplier>(supplierPaths.detail(id), undefined, { signal }),
  });
}

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  prospectPaths,
  type ProspectDetail,
  type ProspectFormOptions,
  type ProspectListQuery,
  type ProspectRow,
} from '../../../contract/prospects';
import type { Page } from '../../../contract/pagination';
import { http } from '../../lib/http';

export const prospectKeys = {
  all: ['prospects'] as const,
  list: (query: Partial<ProspectListQuery>) => ['prospects', 'list', query] as const,
  detail: (id: number) => ['prospects', 'detail', id] as const,
  formOptions: ['prospects', 'form-options'] as const,
};

export function useProspectFormOptions() {
  return useQuery({
    queryKey: prospectKeys.formOptions,
    queryFn: () => http.get<ProspectFormOptions>(prospectPaths.formOptions),
  });
}

export function useProspects(query: Partial<ProspectListQuery>) {
  return useQuery({
    queryKey: prospectKeys.list(query),
    queryFn: () => http.get<Page<ProspectRow>>(prospectPaths.list, query),
    placeholderData: keepPreviousData,
  });
}

export function useProspect(id: number) {
  return useQuery({
    queryKey: prospectKeys.detail(id),
    queryFn: () => http.get<ProspectDetail>(prospectPaths.showOf(id)),
  });
}

import { keepPreviousData } from '@tanstack/react-query';
import { prospectEndpoints, type ProspectListQuery } from '../../../contract/prospects';
import { useApiQuery } from '../../ui';

export function useProspectFormOptions() {
  return useApiQuery(prospectEndpoints.formOptions, {});
}

export function useProspectFilterOptions() {
  return useApiQuery(prospectEndpoints.filterOptions, {});
}

export function useProspects(query: Partial<ProspectListQuery>) {
  return useApiQuery(prospectEndpoints.list, { query }, { placeholderData: keepPreviousData });
}

export function useProspect(id: number) {
  return useApiQuery(prospectEndpoints.detail, { params: { id } });
}

import { keepPreviousData } from '@tanstack/react-query';
import { prospectEndpoints } from '../../../contract/prospects';
import type { QueryIn } from '../../../contract/endpoint';
import { useApiQuery } from '../../lib/data';

export function useProspectFormOptions() {
  return useApiQuery(prospectEndpoints.formOptions, {});
}

export function useProspectFilterOptions() {
  return useApiQuery(prospectEndpoints.filterOptions, {});
}

export function useProspects(query: QueryIn<typeof prospectEndpoints.list>) {
  return useApiQuery(prospectEndpoints.list, { query }, { placeholderData: keepPreviousData });
}

export function useProspect(id: number) {
  return useApiQuery(prospectEndpoints.detail, { params: { id } });
}

/** The speed tests near a place (the device's position, else the address's ZIP code); off until one is known. */
export function useCoverageNear(place: QueryIn<typeof prospectEndpoints.coverageNear> | null) {
  return useApiQuery(prospectEndpoints.coverageNear, { query: place ?? {} }, { enabled: place !== null });
}

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http';
import {
  equipmentPaths,
  type ActionResult,
  type EquipmentListQuery,
  type EquipmentRow,
} from '../../../contract/equipment';
import type { Page } from '../../../contract/pagination';

export const equipmentKeys = {
  list: (query: Partial<EquipmentListQuery>) => ['equipment', 'list', query] as const,
  detail: (id: number) => ['equipment', 'detail', id] as const,
};

export function useEquipmentList(query: Partial<EquipmentListQuery>) {
  return useQuery({
    queryKey: equipmentKeys.list(query),
    queryFn: ({ signal }) => http.get<Page<EquipmentRow>>(equipmentPaths.list, query, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useEquipment(id: number) {
  return useQuery({
    queryKey: equipmentKeys.detail(id),
    queryFn: ({ signal }) => http.get<EquipmentRow>(equipmentPaths.detail(id), undefined, { signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export const markReceived = (id: number) => http.post<ActionResult>(equipmentPaths.received(id));
export const deleteEquipment = (id: number) => http.delete<ActionResult>(equipmentPaths.equipment(id));

import { keepPreviousData } from '@tanstack/react-query';
import { useApiQuery } from '../../lib/data';
import type { QueryIn } from '../../../contract/endpoint';
import { equipmentEndpoints } from '../../../contract/equipment';
import { retryUnlessMissing } from '../devices';

export function useEquipmentList(query: QueryIn<typeof equipmentEndpoints.list>) {
  return useApiQuery(equipmentEndpoints.list, { query }, { placeholderData: keepPreviousData });
}

export function useEquipment(id: number) {
  return useApiQuery(
    equipmentEndpoints.detail,
    { params: { id } },
    { enabled: Number.isInteger(id) && id > 0, retry: retryUnlessMissing },
  );
}

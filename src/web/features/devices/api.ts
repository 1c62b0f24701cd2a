import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';
import { auditKeys } from '../../ui';
import {
  devicePaths,
  type DeviceDetail,
  type DeviceListQuery,
  type DeviceOptions,
  type DeviceRow,
  type SimLookupDevice,
} from '../../../contract/devices';
import type { Page } from '../../../contract/pagination';

export const deviceKeys = {
  all: ['devices'] as const,
  list: (query: Partial<DeviceListQuery>) => ['devices', 'list', query] as const,
  detail: (id: number) => ['devices', 'detail', id] as const,
  options: ['devices', 'options'] as const,
};

export function useDevices(query: Partial<DeviceListQuery>) {
  return useQuery({
    queryKey: deviceKeys.list(query),
    queryFn: ({ signal }) => http.get<Page<DeviceRow>>(devicePaths.list, query, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useDevice(id: number) {
  return useQuery({
    queryKey: deviceKeys.detail(id),
    queryFn: ({ signal }) => http.get<DeviceDetail>(devicePaths.detail(id), undefined, { signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export function useDeviceOptions() {
  return useQuery({
    queryKey: deviceKeys.options,
    queryFn: ({ signal }) => http.get<DeviceOptions>(devicePaths.options, undefined, { signal }),
  });
}

export const lookupSim = (sim: string) => http.get<SimLookupDevice>(devicePaths.bySim(sim));

/** After any device or equipment change, every device list, detail and history may be stale. */
export function useInvalidateDevices() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: deviceKeys.all }),
      client.invalidateQueries({ queryKey: ['equipment'] }),
      client.invalidateQueries({ queryKey: auditKeys.all }),
    ]);
}

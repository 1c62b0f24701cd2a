import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { endpointKey } from '../../lib/api';
import { HttpError } from '../../lib/http';
import { isForbidden } from '../../ui';
import { useApiMutation, useApiQuery, type MutationOptions } from '../../lib/data';
import { auditEndpoints } from '../../../contract/audit';
import { devicesEndpoints } from '../../../contract/devices';
import type { Endpoint, QueryIn } from '../../../contract/endpoint';
import { equipmentEndpoints } from '../../../contract/equipment';

/** A record that does not exist (deleted meanwhile), or a refusal for the role, will not change on a second try. */
export const retryUnlessMissing = (failures: number, error: unknown) =>
  failures < 1 && !(error instanceof HttpError && error.status === 404) && !isForbidden(error);

export function useDevices(query: QueryIn<typeof devicesEndpoints.list>) {
  return useApiQuery(devicesEndpoints.list, { query }, { placeholderData: keepPreviousData });
}

export function useDevice(id: number) {
  return useApiQuery(
    devicesEndpoints.detail,
    { params: { id } },
    { enabled: Number.isInteger(id) && id > 0, retry: retryUnlessMissing },
  );
}

export function useDeviceOptions({ enabled = true } = {}) {
  return useApiQuery(devicesEndpoints.options, {}, { enabled });
}

/** Every view a device or equipment change can make stale, the record histories included. */
const DEVICE_VIEWS: Endpoint[] = [
  devicesEndpoints.list,
  devicesEndpoints.detail,
  equipmentEndpoints.list,
  equipmentEndpoints.detail,
  auditEndpoints.list,
];

export function useReloadDeviceViews() {
  const client = useQueryClient();
  return () => Promise.all(DEVICE_VIEWS.map((view) => client.invalidateQueries({ queryKey: endpointKey(view) })));
}

/**
 * A device or equipment change, confirmed in a dialog that shows a refusal itself: afterwards every device and
 * equipment view reloads, and so it does after a refusal, which usually means the record changed meanwhile.
 */
export function useDeviceMutation<E extends Endpoint>(
  e: E,
  { removes, ...options }: Omit<MutationOptions<E>, 'invalidates'> & { removes?: Endpoint } = {},
) {
  const reload = useReloadDeviceViews();
  return useApiMutation(e, {
    ...options,
    // The page of a record the call deletes is not asked for again (it would only answer 404 while it closes).
    invalidates: DEVICE_VIEWS.filter((view) => view !== removes),
    toastErrors: false,
    onError: (error) => {
      void reload();
      options.onError?.(error);
    },
  });
}

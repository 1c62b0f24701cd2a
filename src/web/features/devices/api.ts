import { keepPreviousData } from '@tanstack/react-query';
import { HttpError } from '../../lib/http';
import { isForbidden } from '../../ui';
import { useApiMutation, useApiQuery, useInvalidate, type MutationOptions } from '../../lib/data';
import { devicesEndpoints } from '../../../contract/devices';
import type { Endpoint, QueryIn } from '../../../contract/endpoint';

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

/**
 * A device or equipment change, confirmed in a dialog that shows a refusal itself: afterwards every view of what it
 * changes reloads, and so it does after a refusal, which usually means the record changed meanwhile.
 */
export function useDeviceMutation<E extends Endpoint>(e: E, options: MutationOptions<E> = {}) {
  const invalidate = useInvalidate();
  return useApiMutation(e, {
    ...options,
    toastErrors: false,
    onError: (error) => {
      void invalidate(e);
      options.onError?.(error);
    },
  });
}

import { keepPreviousData } from '@tanstack/react-query';
import type { QueryIn } from '../../../contract/endpoint';
import { deviceSwapEndpoints } from '../../../contract/device-swaps';
import { useApiQuery } from '../../lib/data';

export function useDeviceSwaps(query: QueryIn<typeof deviceSwapEndpoints.list>) {
  return useApiQuery(deviceSwapEndpoints.list, { query }, { placeholderData: keepPreviousData });
}

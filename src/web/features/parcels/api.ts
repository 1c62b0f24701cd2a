import { keepPreviousData } from '@tanstack/react-query';
import type { QueryIn } from '../../../contract/endpoint';
import { parcelEndpoints } from '../../../contract/parcels';
import { useApiQuery } from '../../lib/data';

export function useParcels(query: QueryIn<typeof parcelEndpoints.list>) {
  return useApiQuery(parcelEndpoints.list, { query }, { placeholderData: keepPreviousData });
}

export function useContainers() {
  return useApiQuery(parcelEndpoints.containers, {});
}

/** What the chosen customer's parcel may carry; nothing is asked before a customer is chosen. */
export function useCustomerItems(customerId: number | undefined) {
  return useApiQuery(
    parcelEndpoints.customerItems,
    { params: { customerId: customerId ?? 0 } },
    { enabled: customerId !== undefined },
  );
}

import { z } from './zod';
import { endpoint } from './endpoint';
import { dateOrder, dayRange, filter } from './list-filters';
import { csvFile, pageOf, pageQuery, sortParam } from './pagination';
import { id, MAX_INT4 } from './primitives';

/**
 * Device swaps (replacements), newest first: one supplier's and a range of business days (the swaps chart's point).
 * Sorted by swap date only: the old and new devices are ids a swap may lack (no order to page through), the
 * supplier is a filter, and the supplier's and customer's names live on other tables, where no index serves a sort
 * across the join (ADR 023).
 */
export const deviceSwapListQuery = pageQuery
  .extend({
    supplierId: filter(id(`The supplier id must be a whole number from 1 to ${MAX_INT4}.`)),
    ...dayRange,
    sort: sortParam(['swappedAt'], '-swappedAt'),
  })
  .superRefine(dateOrder);
export type DeviceSwapFilters = z.output<typeof deviceSwapListQuery>;

const ref = z.object({ id: z.number(), name: z.string() });

export const deviceSwapRow = z.object({
  id: z.number(),
  swappedAt: z.string(),
  /** The device replaced and its replacement; null when the swap was recorded without them. */
  deviceId: z.number().nullable(),
  newDeviceId: z.number().nullable(),
  supplier: ref.nullable(),
  customer: ref.nullable(),
});
export type DeviceSwapRow = z.infer<typeof deviceSwapRow>;

export const deviceSwapEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/admin/api/device-swaps',
    query: deviceSwapListQuery,
    response: pageOf(deviceSwapRow),
    access: 'devices.view',
    reads: ['devices', 'subscriptions', 'customers'],
    summary: 'A page of device swaps, newest first, optionally of one supplier and a range of business days.',
  }),
  export: endpoint({
    method: 'GET',
    path: '/admin/api/device-swaps/export.csv',
    query: deviceSwapListQuery,
    response: csvFile,
    access: 'devices.view',
    reads: ['devices', 'subscriptions', 'customers'],
    summary: "Every device swap the list's filters find, as CSV (paging fields are ignored).",
  }),
};

import { and, eq, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/types';
import { customers, deviceSwaps, suppliers } from '../../db/schema';
import type { DeviceSwapFilters, DeviceSwapRow } from '../../../contract/device-swaps';
import type { Page } from '../../../contract/pagination';
import { listSpec, readPage, sortOrder } from '../../db/pages';
import { csvNumber, csvText, csvTime } from '../../db/export-columns';
import { businessDayRange } from '../subscriptions';

/**
 * Swaps by swap time, either way, as the swaps chart counts them (its business days, every supplier or one):
 * read off device_swaps_swapped_at_idx, or device_swaps_supplier_idx for one supplier, in the page's order.
 */
export function deviceSwapList(db: Tx, f: DeviceSwapFilters, timeZone: string) {
  const conditions: SQL[] = businessDayRange(deviceSwaps.swappedAt, timeZone, f.from, f.to);
  if (f.supplierId) conditions.push(eq(deviceSwaps.supplierId, f.supplierId));
  const where = and(...conditions);
  return listSpec({
    order: sortOrder(f.sort, { swappedAt: { key: deviceSwaps.swappedAt } }, deviceSwaps.id),
    where,
    rows: (extras) =>
      db
        .select({
          id: deviceSwaps.id,
          ...extras,
          swappedAt: deviceSwaps.swappedAt,
          deviceId: deviceSwaps.deviceId,
          newDeviceId: deviceSwaps.newDeviceId,
          supplierId: suppliers.id,
          supplierName: suppliers.name,
          customerId: customers.id,
          customerName: customers.name,
        })
        .from(deviceSwaps)
        .leftJoin(suppliers, eq(suppliers.id, deviceSwaps.supplierId))
        .leftJoin(customers, eq(customers.id, deviceSwaps.customerId))
        .$dynamic(),
    count: deviceSwaps,
    toRow: (r): DeviceSwapRow => ({
      id: r.id,
      swappedAt: r.swappedAt.toISOString(),
      deviceId: r.deviceId,
      newDeviceId: r.newDeviceId,
      supplier: r.supplierId === null ? null : { id: r.supplierId, name: r.supplierName! },
      customer: r.customerId === null ? null : { id: r.customerId, name: r.customerName! },
    }),
    csv: [
      csvNumber('Swap ID', deviceSwaps.id),
      csvTime('Swapped', deviceSwaps.swappedAt),
      csvNumber('Old device ID', deviceSwaps.deviceId),
      csvNumber('New device ID', deviceSwaps.newDeviceId),
      csvNumber('Supplier ID', suppliers.id),
      csvText('Supplier', suppliers.name),
      csvNumber('Customer ID', customers.id),
      csvText('Customer', customers.name),
    ],
  });
}

export const listDeviceSwaps = (db: Tx, f: DeviceSwapFilters, timeZone: string): Promise<Page<DeviceSwapRow>> =>
  readPage(db, deviceSwapList(db, f, timeZone), f);

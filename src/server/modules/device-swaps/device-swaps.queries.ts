import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { customers, deviceSwaps, suppliers } from '../../db/schema';
import type { DeviceSwapFilters, DeviceSwapRow } from '../../../contract/device-swaps';
import type { Page } from '../../../contract/pagination';
import { countRows, cursorKey, inOrder, pageOfRows, pageWindow, sortOrder } from '../../db/pages';
import { businessDayRange } from '../subscriptions';

/**
 * Swaps by swap time, either way, as the swaps chart counts them (its business days, every supplier or one):
 * read off device_swaps_swapped_at_idx, or device_swaps_supplier_idx for one supplier, in the page's order.
 */
export async function listDeviceSwaps(db: Tx, f: DeviceSwapFilters, timeZone: string): Promise<Page<DeviceSwapRow>> {
  const conditions: SQL[] = businessDayRange(deviceSwaps.swappedAt, timeZone, f.from, f.to);
  if (f.supplierId) conditions.push(eq(deviceSwaps.supplierId, f.supplierId));
  const where = and(...conditions);
  const order = sortOrder(f.sort, { swappedAt: { key: deviceSwaps.swappedAt } }, deviceSwaps.id);
  const window = pageWindow(f, order);
  const [rows, counted] = await Promise.all([
    db
      .select({
        id: deviceSwaps.id,
        cursorKey: cursorKey(order),
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
      .where(and(where, window.seek))
      .orderBy(...inOrder(order))
      .limit(window.limit)
      .offset(window.offset),
    countRows(
      db,
      () =>
        db
          .select({ one: sql`1` })
          .from(deviceSwaps)
          .where(where)
          .$dynamic(),
      f,
    ),
  ]);
  return pageOfRows(
    rows,
    (r) => ({
      id: r.id,
      swappedAt: r.swappedAt.toISOString(),
      deviceId: r.deviceId,
      newDeviceId: r.newDeviceId,
      supplier: r.supplierId === null ? null : { id: r.supplierId, name: r.supplierName! },
      customer: r.customerId === null ? null : { id: r.customerId, name: r.customerName! },
    }),
    f,
    counted,
  );
}

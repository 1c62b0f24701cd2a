import { z } from './zod';
import { endpoint } from './endpoint';
import { csvFile, pageOf, pageQuery, sortParam } from './pagination';
import { id, searchText } from './primitives';
import { bulkIds, bulkResult } from './bulk';

export const equipmentIdParams = z.object({ id: id() });

/** Where a phone outside a device is, in the order the equipment page lists them. */
export const equipmentState = z.enum(['hold', 'unbuilt', 'returning', 'blacklist_hold', 'inventory']);
export type EquipmentState = z.infer<typeof equipmentState>;

export const EQUIPMENT_STATE_LABELS: Record<EquipmentState, string> = {
  hold: 'Equipment Hold',
  unbuilt: 'Unbuilt',
  returning: 'Returning',
  blacklist_hold: 'Blacklist Hold',
  inventory: 'Inventory',
};

/**
 * A tab of equipment, newest first (by id), or by the time its phones came into that state (`updatedAt`). Model,
 * device and customer are not offered: a tab holds few phones of one state, found by IMEI, and an index per column
 * would cost every move of a phone for orders no one asked for (ADR 023).
 */
export const equipmentListQuery = pageQuery.extend({
  state: equipmentState.default('hold'),
  q: searchText(40).optional(),
  sort: sortParam(['id', 'updatedAt'], '-id'),
});
export type EquipmentListQuery = z.output<typeof equipmentListQuery>;

const named = z.object({ id: z.number(), name: z.string() });

export const equipmentRow = z.object({
  id: z.number(),
  imei: z.string(),
  state: equipmentState,
  product: z.object({ id: z.number(), model: z.string(), price: z.string() }).nullable(),
  fromDeviceId: z.number().nullable(),
  /** Separating or deleting a device removes it; the id stays as history. */
  fromDeviceExists: z.boolean(),
  customer: named.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type EquipmentRow = z.infer<typeof equipmentRow>;
export const equipmentList = pageOf(equipmentRow);

/** Answer of every device and equipment action: what happened, for the success toast. */
export const actionResult = z.object({ message: z.string(), equipmentId: z.number().nullable() });
export type ActionResult = z.infer<typeof actionResult>;

export const equipmentEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/admin/api/equipment',
    query: equipmentListQuery,
    response: equipmentList,
    access: 'devices.view',
    reads: ['equipment', 'customers'],
    summary: 'A page of the equipment in one state, newest first, searched by whole IMEI.',
  }),
  export: endpoint({
    method: 'GET',
    path: '/admin/api/equipment/export.csv',
    query: equipmentListQuery,
    response: csvFile,
    access: 'devices.view',
    reads: ['equipment', 'customers'],
    summary: 'All the equipment in one state (searched by IMEI if asked), as CSV, newest first.',
  }),
  detail: endpoint({
    method: 'GET',
    path: '/admin/api/equipment/:id',
    params: equipmentIdParams,
    response: equipmentRow,
    access: 'devices.view',
    reads: ['equipment', 'customers'],
    summary: 'One piece of equipment: where it is, where it came from.',
  }),
  received: endpoint({
    method: 'POST',
    path: '/admin/equipment/:id/received',
    params: equipmentIdParams,
    response: actionResult,
    access: 'devices.manage',
    changes: ['equipment', 'audit'],
    summary: 'Moves equipment on hold to unbuilt, once the phone has arrived.',
  }),
  receivedMany: endpoint({
    method: 'POST',
    path: '/admin/api/equipment/received',
    body: z.strictObject({ ids: bulkIds }),
    response: bulkResult,
    access: 'devices.manage',
    changes: ['equipment', 'audit'],
    summary:
      'Moves each of the chosen equipment on hold to unbuilt, each on its own; answers which were moved and why others were not.',
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/admin/equipment/:id',
    params: equipmentIdParams,
    response: actionResult,
    access: 'devices.manage',
    changes: ['equipment', 'audit'],
    removes: 'equipment',
    summary: 'Removes the equipment from inventory permanently.',
  }),
};

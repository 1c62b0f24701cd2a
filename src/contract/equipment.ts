import { z } from 'zod';
import { pageOf, pageQuery } from './pagination';

export const equipmentPaths = {
  list: '/admin/api/equipment',
  detail: (id: number) => `/admin/api/equipment/${id}`,
  received: (id: number) => `/admin/equipment/${id}/received`,
  equipment: (id: number) => `/admin/equipment/${id}`,
} as const;

export const equipmentRoutePatterns = {
  list: equipmentPaths.list,
  detail: '/admin/api/equipment/:id',
  received: '/admin/equipment/:id/received',
  equipment: '/admin/equipment/:id',
} as const;

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

export const equipmentListQuery = pageQuery.extend({
  state: equipmentState.default('hold'),
  q: z.string().trim().max(40, 'The search may not be longer than 40 characters.').optional(),
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

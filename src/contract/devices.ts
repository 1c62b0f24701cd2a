import { z } from 'zod';
import { DEFAULT_DEVICE_STATUS_ID, DEVICE_PRICE_THRESHOLD, DEVICE_STATUSES } from './business';
import { equipmentState } from './equipment';
import { pageOf, pageQuery } from './pagination';

/** Calls of §7 (exact paths) and the data calls of the device pages (under /admin/api). */
export const devicePaths = {
  list: '/admin/api/devices',
  options: '/admin/api/devices/options',
  detail: (id: number) => `/admin/api/devices/${id}`,
  bySim: (sim: string) => `/admin/devices/sim/${encodeURIComponent(sim)}`,
  blacklistHold: (id: number) => `/admin/devices/${id}/blacklist-hold`,
  line: (id: number) => `/admin/devices/${id}/line`,
  device: (id: number) => `/admin/devices/${id}`,
  equipment: (id: number) => `/admin/devices/${id}/equipment`,
  unassignEquipment: (id: number) => `/admin/devices/${id}/unassign-equipment`,
  separateEquipment: (id: number) => `/admin/devices/${id}/separate-equipment`,
  replace: (id: number) => `/admin/devices/${id}/replace`,
} as const;

/** The same paths as route patterns for the server. */
export const deviceRoutePatterns = {
  list: devicePaths.list,
  options: devicePaths.options,
  detail: '/admin/api/devices/:id',
  bySim: '/admin/devices/sim/:sim',
  blacklistHold: '/admin/devices/:id/blacklist-hold',
  line: '/admin/devices/:id/line',
  device: '/admin/devices/:id',
  equipment: '/admin/devices/:id/equipment',
  unassignEquipment: '/admin/devices/:id/unassign-equipment',
  separateEquipment: '/admin/devices/:id/separate-equipment',
  replace: '/admin/devices/:id/replace',
} as const;

export const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const simParams = z.object({
  sim: z.string().trim().min(1, 'The sim field is required.').max(40, 'The sim may not be longer than 40 characters.'),
});

const statusIds = DEVICE_STATUSES.map((s) => s.id) as number[];

export const deviceListQuery = pageQuery.extend({
  q: z.string().trim().max(40, 'The search may not be longer than 40 characters.').optional(),
  status: z.coerce
    .number()
    .int()
    .refine((id) => statusIds.includes(id), 'The selected status is invalid.')
    .optional(),
  productId: z.coerce.number().int().positive('The selected product is invalid.').max(2_147_483_647).optional(),
});
export type DeviceListQuery = z.infer<typeof deviceListQuery>;

const named = z.object({ id: z.number(), name: z.string() });
const status = z.object({ id: z.number(), description: z.string() });
export const product = z.object({
  id: z.number(),
  model: z.string(),
  price: z.string(),
  imageUri: z.string().nullable(),
});
export type Product = z.infer<typeof product>;

export const deviceRow = z.object({
  id: z.number(),
  imei: z.string().nullable(),
  sim: z.string(),
  phone: z.string().nullable(),
  status,
  model: z.string().nullable(),
  lineDeleted: z.boolean(),
  customer: named.nullable(),
});
export type DeviceRow = z.infer<typeof deviceRow>;
export const deviceList = pageOf(deviceRow);

export const deviceOptions = z.object({ statuses: z.array(status), products: z.array(product) });
export type DeviceOptions = z.infer<typeof deviceOptions>;

export const deviceDetail = z.object({
  id: z.number(),
  imei: z.string().nullable(),
  sim: z.string(),
  phone: z.string().nullable(),
  status,
  unavailable: z.boolean(),
  blacklistHold: z.boolean(),
  lineDeletedAt: z.string().nullable(),
  deployedAt: z.string().nullable(),
  product: product.nullable(),
  supplier: named.nullable(),
  /** The active subscription, else the latest one. */
  subscription: z.object({ id: z.number(), status: z.enum(['active', 'cancelled']), customer: named }).nullable(),
  /** The open loan, if the device is on loan. */
  loaner: z.object({ id: z.number(), startedAt: z.string(), customer: named }).nullable(),
  /** Phones taken out of this device, wherever they are now. */
  equipment: z.array(
    z.object({ id: z.number(), imei: z.string(), state: equipmentState, model: z.string().nullable() }),
  ),
});
export type DeviceDetail = z.infer<typeof deviceDetail>;

/** §7 answer of the SIM lookup: device (id, imei, status, subscription, loaner, mofi_id), with the §4 warnings. */
export const simLookupDevice = z.object({
  id: z.number(),
  imei: z.string().nullable(),
  sim: z.string(),
  status,
  subscription: z.object({ id: z.number(), customer: named }).nullable(),
  loaner: z.object({ id: z.number(), customer: named }).nullable(),
  mofi_id: z.number().nullable(),
  warnings: z.array(z.string()),
});
export type SimLookupDevice = z.infer<typeof simLookupDevice>;

export const noDeviceWithSim = (sim: string) => `No device was found with SIM ${sim}.`;

/** The warnings of §4 shown after a SIM lookup, in the order the spec lists them. */
export function replacementWarnings(device: Omit<SimLookupDevice, 'warnings'>): string[] {
  const warnings: string[] = [];
  if (device.imei) warnings.push(`Device ${device.id} has an existing IMEI. Please correct.`);
  if (device.status.id !== DEFAULT_DEVICE_STATUS_ID)
    warnings.push(`Device ${device.id} is listed as ${device.status.description}.`);
  if (device.subscription) warnings.push(`Device ${device.id} is assigned to an active subscription.`);
  if (device.loaner) warnings.push(`Device ${device.id} is on loan to ${device.loaner.customer.name}.`);
  return warnings;
}

/** Move-equipment / replacement form (§3): posted to the page's own address. */
export const replacementBody = z.strictObject({
  sim: z
    .string({ error: 'The sim field is required.' })
    .trim()
    .min(1, 'The sim field is required.')
    .max(40, 'The sim may not be longer than 40 characters.'),
  new_device_id: z
    .number({ error: 'Look up the new device by its SIM first.' })
    .int('Look up the new device by its SIM first.')
    .positive('Look up the new device by its SIM first.'),
  unavailable: z.boolean({ error: 'The unavailable field must be true or false.' }).default(true),
  device_status_id: z
    .number({ error: 'The device status id field is required.' })
    .int()
    .refine((id) => statusIds.includes(id), 'The selected device status id is invalid.')
    .default(DEFAULT_DEVICE_STATUS_ID),
  product_id: z
    .number({ error: 'The product id field is required.' })
    .int('The selected product id is invalid.')
    .positive('The selected product id is invalid.')
    .max(2_147_483_647, 'The selected product id is invalid.'),
});
export type ReplacementBody = z.input<typeof replacementBody>;
export type ReplacementData = z.output<typeof replacementBody>;
export const replacementResponse = z.object({ newDeviceId: z.number() });

export type DeviceAction =
  | 'blacklistHold'
  | 'unassignEquipment'
  | 'removeEquipment'
  | 'separateEquipment'
  | 'deleteLine'
  | 'deleteDevice'
  | 'replace';

/** What decides which actions apply to a device. */
export interface DeviceFacts {
  id: number;
  hasEquipment: boolean;
  lineDeleted: boolean;
  activeSubscription: boolean;
  loanedTo: string | null;
}

export function deviceFacts(device: DeviceDetail): DeviceFacts {
  return {
    id: device.id,
    hasEquipment: device.product !== null || device.imei !== null,
    lineDeleted: device.lineDeletedAt !== null,
    activeSubscription: device.subscription?.status === 'active',
    loanedTo: device.loaner?.customer.name ?? null,
  };
}

/**
 * Why an action does not apply to a device in its current state, or null when it does. The server refuses with
 * this message and the detail page hides the action, so both follow one rule.
 */
export function deviceActionRefusal(action: DeviceAction, d: DeviceFacts): string | null {
  const needsEquipment: Partial<Record<DeviceAction, string>> = {
    blacklistHold: 'put on blacklist hold',
    unassignEquipment: 'unassign',
    removeEquipment: 'remove',
    separateEquipment: 'separate',
    replace: 'move',
  };
  const verb = needsEquipment[action];
  if (verb && !d.hasEquipment) return `Device ${d.id} is already a SIM Only: it has no equipment to ${verb}.`;
  const keepsLine =
    action === 'blacklistHold' ||
    action === 'deleteLine' ||
    action === 'unassignEquipment' ||
    action === 'removeEquipment' ||
    action === 'replace';
  if (keepsLine && d.lineDeleted) return `The line of device ${d.id} has already been deleted.`;
  // Separating and deleting remove the device record; a subscription or loan still using it would lose its line.
  if (action === 'separateEquipment' || action === 'deleteDevice') {
    if (d.activeSubscription)
      return `Device ${d.id} is assigned to an active subscription. Move the line to another device first.`;
    if (d.loanedTo) return `Device ${d.id} is on loan to ${d.loanedTo}. End the loan first.`;
  }
  return null;
}

/** §9: a device whose product costs less than this is not worth recovering when its line is deleted. */
export const isBelowPriceThreshold = (price: string | null) => price === null || Number(price) < DEVICE_PRICE_THRESHOLD;

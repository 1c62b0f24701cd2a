import { z } from './zod';
import { DEFAULT_DEVICE_STATUS_ID, DEVICE_PRICE_THRESHOLD, DEVICE_STATUSES } from './business';
import { endpoint } from './endpoint';
import { actionResult, equipmentState } from './equipment';
import { csvFile, pageOf, pageQuery, sortParam } from './pagination';
import { id, int, searchText, text } from './primitives';

/** SIMs, IMEIs and phone numbers are short identifiers; a search longer than this cannot match one. */
const IDENTIFIER_MAX_CHARS = 40;

export const deviceIdParams = z.object({ id: id() });
export const simParams = z.object({ sim: text({ label: 'sim', max: IDENTIFIER_MAX_CHARS }) });

const statusIds: readonly number[] = DEVICE_STATUSES.map((s) => s.id);
/** One of DEVICE_STATUSES, every failure worded as `message`. */
const statusId = (message: string) => int({ message }).pipe(z.number().refine((id) => statusIds.includes(id), message));

export const deviceListQuery = pageQuery.extend({
  q: searchText(IDENTIFIER_MAX_CHARS).optional(),
  status: statusId('The selected status is invalid.').optional(),
  productId: id('The selected product is invalid.').optional(),
  // Status and model are filters, read by id off their own indexes (migration 0005); a sort by them would need an
  // index per order on a table of a million lines, for what the filter already shows (ADR 023).
  sort: sortParam(['id'], '-id'),
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
  /** Its line was deleted: it cannot take a phone and line any more. */
  lineDeleted: z.boolean(),
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
  if (device.lineDeleted) warnings.push(lineDeletedMessage(device.id));
  return warnings;
}

const lineDeletedMessage = (id: number) => `The line of device ${id} has already been deleted.`;

/**
 * Why the device found by SIM cannot take the phone and line of device `currentId`, or null when it can. The server
 * refuses with this message and the form says it (with Submit off) before anything is sent.
 */
export function replacementTargetRefusal(
  currentId: number,
  target: Pick<SimLookupDevice, 'id' | 'imei' | 'sim' | 'lineDeleted'>,
): string | null {
  if (target.id === currentId)
    return `SIM ${target.sim} belongs to device ${currentId} itself. Look up the SIM of another device.`;
  if (target.imei) return `Device ${target.id} has an existing IMEI. Please correct.`;
  if (target.lineDeleted) return lineDeletedMessage(target.id);
  return null;
}

/** An id sent in a form (a number, or digits from a select): `missing` when absent, `invalid` when not an id. */
const requiredId = (invalid: string, missing = invalid) =>
  z.union([z.number(), z.string()], { error: missing }).pipe(id(invalid));

/** Move-equipment / replacement form (§3). */
export const replacementBody = z.strictObject({
  sim: text({ label: 'sim', max: IDENTIFIER_MAX_CHARS }),
  new_device_id: requiredId('Look up the new device by its SIM first.'),
  unavailable: z.boolean({ error: 'The unavailable field must be true or false.' }).default(true),
  device_status_id: statusId('The selected device status id is invalid.').default(DEFAULT_DEVICE_STATUS_ID),
  product_id: requiredId('The selected product id is invalid.', 'The product id field is required.'),
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
  if (keepsLine && d.lineDeleted) return lineDeletedMessage(d.id);
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

/**
 * A §7 action on one device; it answers what happened, for the toast. Its phone may move to or from the equipment
 * table; `removes` when the device itself is deleted.
 */
const deviceAction = <M extends 'POST' | 'DELETE', P extends string>(
  method: M,
  path: P,
  summary: string,
  { removes }: { removes?: 'devices' } = {},
) =>
  endpoint({
    method,
    path,
    params: deviceIdParams,
    response: actionResult,
    access: 'devices.manage',
    changes: ['devices', 'equipment', 'audit'],
    ...(removes && { removes }),
    summary,
  });

/** The device calls: §7 paths exactly, and the data of the device pages under /admin/api. */
export const devicesEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/admin/api/devices',
    query: deviceListQuery,
    response: deviceList,
    access: 'devices.view',
    reads: ['devices', 'subscriptions', 'customers'],
    summary: 'A page of devices, newest first, searched by whole IMEI, SIM, phone or id and filtered.',
  }),
  export: endpoint({
    method: 'GET',
    path: '/admin/api/devices/export.csv',
    query: deviceListQuery,
    response: csvFile,
    access: 'devices.view',
    reads: ['devices', 'subscriptions', 'customers'],
    summary: "Every device the list's search and filters find, as CSV, newest first (paging fields are ignored).",
  }),
  options: endpoint({
    method: 'GET',
    path: '/admin/api/devices/options',
    response: deviceOptions,
    access: 'devices.view',
    reads: ['devices'],
    summary: 'The device statuses and products the device pages offer.',
  }),
  detail: endpoint({
    method: 'GET',
    path: '/admin/api/devices/:id',
    params: deviceIdParams,
    response: deviceDetail,
    access: 'devices.view',
    reads: ['devices', 'equipment', 'subscriptions', 'customers'],
    summary: 'A device with its line, phone, subscription, loan and the equipment taken out of it.',
  }),
  bySim: endpoint({
    method: 'GET',
    path: '/admin/devices/sim/:sim',
    params: simParams,
    response: simLookupDevice,
    access: 'devices.manage',
    reads: ['devices', 'subscriptions', 'customers'],
    summary: 'The device with this SIM and the §4 warnings, for the move-equipment form.',
  }),
  blacklistHold: deviceAction(
    'DELETE',
    '/admin/devices/:id/blacklist-hold',
    'Converts the device to a SIM Only with its line deleted; its phone goes on blacklist hold.',
  ),
  deleteLine: deviceAction('DELETE', '/admin/devices/:id/line', "Deletes the device's line (§9 threshold rules)."),
  deleteDevice: deviceAction('DELETE', '/admin/devices/:id', 'Deletes the device and its line.', {
    removes: 'devices',
  }),
  removeEquipment: deviceAction(
    'DELETE',
    '/admin/devices/:id/equipment',
    'Makes the device an available SIM Only and writes its phone off inventory.',
  ),
  unassignEquipment: deviceAction(
    'POST',
    '/admin/devices/:id/unassign-equipment',
    'Makes the device an available SIM Only; its phone goes to unbuilt equipment.',
  ),
  separateEquipment: deviceAction(
    'POST',
    '/admin/devices/:id/separate-equipment',
    'Moves the phone to returning equipment and deletes the device.',
    { removes: 'devices' },
  ),
  replace: endpoint({
    method: 'POST',
    path: '/admin/devices/:id/replace',
    params: deviceIdParams,
    body: replacementBody,
    response: replacementResponse,
    access: 'devices.manage',
    changes: ['devices', 'equipment', 'subscriptions', 'audit'],
    summary: "Moves the device's phone, subscription and loan onto the device found by SIM.",
  }),
};

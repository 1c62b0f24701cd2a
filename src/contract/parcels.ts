import { z } from './zod';
import { PARCEL_STEP } from './business';
import { endpoint } from './endpoint';
import { csvFile, pageOf, pageQuery, sortParam } from './pagination';
import { decimal, id, text } from './primitives';

export const PARCEL_DIRECTIONS = ['to_customer', 'from_customer'] as const;
export type ParcelDirection = (typeof PARCEL_DIRECTIONS)[number];
export const DIRECTION_LABELS: Record<ParcelDirection, string> = {
  to_customer: 'To customer',
  from_customer: 'From customer',
};

export const MAX_MEASURE = 9999.9;

/** A number as a form (text) or a JSON client (a number) sends it; left out, null or blank, it is missing. */
const given = (field: string, refuse: string) =>
  z
    .union([z.string(), z.number()], {
      error: (issue) => (issue.input == null ? `The ${field} field is required.` : refuse),
    })
    .refine((value) => String(value).trim() !== '', `The ${field} field is required.`);

/**
 * §3/§5: a required measure in steps of 0.1 (inches or ounces). `decimal` reads it strictly (no exponent, hex
 * or spaces); the bounds follow, each with its own message.
 */
const measure = (field: string) => {
  const notANumber = `The ${field} must be a number.`;
  return given(field, notANumber)
    .pipe(decimal({ min: -Infinity, max: Infinity, scale: 16, message: notANumber }))
    .pipe(
      z
        .number()
        .gt(0, `The ${field} must be greater than 0.`)
        .max(MAX_MEASURE, `The ${field} may not be greater than ${MAX_MEASURE}.`)
        .multipleOf(PARCEL_STEP, `The ${field} must be a multiple of ${PARCEL_STEP}.`),
    );
};

/** A row a parcel may point at: a form sends '' for none, a JSON client null or nothing. */
const optionalId = (field: string) => {
  const invalid = `The selected ${field} is invalid.`;
  return z
    .union([z.string(), z.number()], { error: invalid })
    .nullish()
    .transform((value) => (value === '' || value === undefined ? null : value))
    .pipe(id(invalid).nullable());
};

const dimensionFields = { length: measure('length'), width: measure('width'), height: measure('height') };

export const containerBody = z.strictObject({ name: text({ label: 'name', max: 80 }), ...dimensionFields });
export type ContainerBody = z.input<typeof containerBody>;
export type ContainerInput = z.output<typeof containerBody>;

/** §3 "Predefined container": id, name, length, width, height. */
export const container = z.object({
  id: z.number(),
  name: z.string(),
  length: z.number(),
  width: z.number(),
  height: z.number(),
});
export type Container = z.infer<typeof container>;

const invalidCustomer = 'The selected customer is invalid.';

export const parcelBody = z
  .strictObject({
    customer_id: given('customer', invalidCustomer).pipe(id(invalidCustomer)),
    direction: z.enum(PARCEL_DIRECTIONS, {
      error: (issue) =>
        issue.input === undefined || issue.input === null || issue.input === ''
          ? 'The direction field is required.'
          : 'The direction must be to_customer or from_customer.',
    }),
    device_id: optionalId('device'),
    equipment_id: optionalId('equipment'),
    container_id: optionalId('container'),
    ...dimensionFields,
    weight: measure('weight'),
  })
  .superRefine((body, ctx) => {
    if (body.device_id !== null && body.equipment_id !== null)
      ctx.addIssue({
        code: 'custom',
        path: ['equipment_id'],
        message: 'Choose a device or a piece of equipment, not both.',
      });
  });
export type ParcelBody = z.input<typeof parcelBody>;
export type ParcelInput = z.output<typeof parcelBody>;

export const parcel = z.object({
  id: z.number(),
  customer: z.object({ id: z.number(), name: z.string() }).nullable(),
  direction: z.enum(PARCEL_DIRECTIONS),
  item: z.string().nullable(),
  containerName: z.string().nullable(),
  length: z.number(),
  width: z.number(),
  height: z.number(),
  weight: z.number(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type Parcel = z.infer<typeof parcel>;

export const parcelListQuery = pageQuery.extend({
  customerId: id().optional(),
  direction: z.enum(PARCEL_DIRECTIONS).optional(),
  sort: sortParam(['createdAt', 'weight'], '-createdAt'),
});
export type ParcelListQuery = z.output<typeof parcelListQuery>;

/** The devices and equipment of a customer, to pick what a parcel carries. */
export const customerItem = z.object({ kind: z.enum(['device', 'equipment']), id: z.number(), label: z.string() });
export type CustomerItem = z.infer<typeof customerItem>;

export const PARCEL_MESSAGES = {
  customerMissing: 'The selected customer does not exist.',
  deviceNotCustomers: 'The selected device is not one of this customer\u2019s.',
  equipmentNotCustomers: 'The selected equipment is not one of this customer\u2019s.',
  containerMissing: 'The selected container does not exist.',
  containerNotFound: 'Container not found.',
  containerNameTaken: 'The name has already been taken.',
} as const;

const containerIdParams = z.object({ id: id() });

export const parcelEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/admin/api/parcels',
    query: parcelListQuery,
    response: pageOf(parcel),
    access: 'parcels.view',
    reads: ['parcels', 'parcel-containers', 'customers'],
    summary: 'A page of parcels, newest first, optionally of one customer or one direction.',
  }),
  export: endpoint({
    method: 'GET',
    path: '/admin/api/parcels/export.csv',
    query: parcelListQuery,
    response: csvFile,
    access: 'parcels.view',
    reads: ['parcels', 'parcel-containers', 'customers'],
    summary: "Every parcel the list's filters find, as CSV, newest first (paging fields are ignored).",
  }),
  create: endpoint({
    method: 'POST',
    path: '/admin/api/parcels',
    body: parcelBody,
    response: parcel,
    status: 201,
    access: 'parcels.manage',
    changes: ['parcels', 'audit'],
    idempotent: true,
    summary: 'Enters a parcel of a shipment to or from a customer, with its dimensions and weight.',
  }),
  customerItems: endpoint({
    method: 'GET',
    path: '/admin/api/parcels/customer-items/:customerId',
    params: z.object({ customerId: id() }),
    response: z.array(customerItem),
    access: 'parcels.manage',
    reads: ['parcels', 'customers', 'subscriptions', 'devices', 'equipment'],
    summary: 'The devices and equipment of a customer, to choose what a parcel carries.',
  }),
  containers: endpoint({
    method: 'GET',
    path: '/admin/api/parcel-containers',
    response: z.array(container),
    access: 'parcels.view',
    reads: ['parcel-containers'],
    summary: 'Every predefined container, by name.',
  }),
  createContainer: endpoint({
    method: 'POST',
    path: '/admin/api/parcel-containers',
    body: containerBody,
    response: container,
    status: 201,
    access: 'parcels.manage',
    changes: ['parcel-containers', 'audit'],
    summary: 'Adds a predefined container; its name is unique regardless of case.',
  }),
  updateContainer: endpoint({
    method: 'PUT',
    path: '/admin/api/parcel-containers/:id',
    params: containerIdParams,
    body: containerBody,
    response: container,
    access: 'parcels.manage',
    changes: ['parcel-containers', 'audit'],
    summary: 'Renames or resizes a predefined container; parcels entered with it keep their dimensions.',
  }),
  deleteContainer: endpoint({
    method: 'DELETE',
    path: '/admin/api/parcel-containers/:id',
    params: containerIdParams,
    access: 'parcels.manage',
    changes: ['parcel-containers', 'audit'],
    summary: 'Deletes a predefined container; parcels entered with it keep their dimensions.',
  }),
};

import { z } from 'zod';
import { PARCEL_STEP } from './business';
import { pageQuery } from './pagination';

export const parcelPaths = {
  list: '/admin/api/parcels',
  containers: '/admin/api/parcel-containers',
  container: (id: number | string) => `/admin/api/parcel-containers/${id}`,
  customerItems: (customerId: number | string) => `/admin/api/parcels/customer-items/${customerId}`,
} as const;

export const PARCEL_DIRECTIONS = ['to_customer', 'from_customer'] as const;
export type ParcelDirection = (typeof PARCEL_DIRECTIONS)[number];
export const DIRECTION_LABELS: Record<ParcelDirection, string> = {
  to_customer: 'To customer',
  from_customer: 'From customer',
};

export const MAX_MEASURE = 9999.9;
const isEmpty = (v: unknown) => v === undefined || v === null || v === '';

/** §3/§5: a required number in steps of 0.1 (inches or ounces); forms send text, JSON clients numbers. */
const measure = (field: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z
      .number({
        error: (iss) => (isEmpty(iss.input) ? `The ${field} field is required.` : `The ${field} must be a number.`),
      })
      .gt(0, `The ${field} must be greater than 0.`)
      .max(MAX_MEASURE, `The ${field} may not be greater than ${MAX_MEASURE}.`)
      .refine(
        (v) => Math.abs(v / PARCEL_STEP - Math.round(v / PARCEL_STEP)) < 1e-6,
        `The ${field} must be a multiple of ${PARCEL_STEP}.`,
      ),
  );

const optionalId = (field: string) =>
  z.preprocess(
    (v) => (isEmpty(v) ? null : typeof v === 'string' ? Number(v) : v),
    z
      .number({ error: `The ${field} must be a number.` })
      .int(`The ${field} must be a number.`)
      .positive(`The ${field} must be a number.`)
      .max(2_147_483_647)
      .nullable(),
  );

export const dimensionFields = { length: measure('length'), width: measure('width'), height: measure('height') };

export const containerBody = z.strictObject({
  name: z
    .string({ error: 'The name field is required.' })
    .trim()
    .min(1, 'The name field is required.')
    .max(80, 'The name may not be longer than 80 characters.'),
  ...dimensionFields,
});
export type ContainerBody = z.input<typeof containerBody>;

/** §3 "Predefined container": id, name, length, width, height. */
export const container = z.object({
  id: z.number(),
  name: z.string(),
  length: z.number(),
  width: z.number(),
  height: z.number(),
});
export type Container = z.infer<typeof container>;

export const parcelBody = z
  .strictObject({
    customer_id: z.preprocess(
      (v) => (isEmpty(v) ? undefined : typeof v === 'string' ? Number(v) : v),
      z
        .number({
          error: (iss) =>
            iss.input === undefined ? 'The customer field is required.' : 'The customer must be a number.',
        })
        .int('The customer must be a number.')
        .positive('The customer must be a number.')
        .max(2_147_483_647, 'The selected customer does not exist.'),
    ),
    direction: z.enum(PARCEL_DIRECTIONS, {
      error: (iss) =>
        isEmpty(iss.input) ? 'The direction field is required.' : 'The direction must be to_customer or from_customer.',
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
  customerId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  direction: z.enum(PARCEL_DIRECTIONS).optional(),
});

/** The devices and equipment of a customer, to pick what a parcel carries. */
export const customerItem = z.object({ kind: z.enum(['device', 'equipment']), id: z.number(), label: z.string() });
export type CustomerItem = z.infer<typeof customerItem>;

export const containerIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const customerIdParams = z.object({ customerId: z.coerce.number().int().positive().max(2_147_483_647) });

export const PARCEL_MESSAGES = {
  customerMissing: 'The selected customer does not exist.',
  deviceNotCustomers: 'The selected device is not one of this customer\u2019s.',
  equipmentNotCustomers: 'The selected equipment is not one of this customer\u2019s.',
  containerMissing: 'The selected container does not exist.',
  containerNotFound: 'Container not found.',
  containerNameTaken: 'The name has already been taken.',
} as const;

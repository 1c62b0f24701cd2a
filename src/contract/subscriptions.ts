import { z } from 'zod';
import { CARRIERS } from './business';
import { pageQuery } from './pagination';

export const subscriptionPaths = {
  /** §7 */
  update: '/admin/subscriptions/:subscriptionId',
  list: '/admin/api/subscriptions',
  detail: '/admin/api/subscriptions/:subscriptionId',
} as const;

export const cancellationPaths = {
  /** §7 */
  update: '/admin/subscription-cancellations/:cancellationId',
  list: '/admin/api/subscription-cancellations',
} as const;

export const subscriptionUrls = {
  update: (id: number) => `/admin/subscriptions/${id}`,
  detail: (id: number) => `/admin/api/subscriptions/${id}`,
};
export const cancellationUrls = {
  update: (id: number) => `/admin/subscription-cancellations/${id}`,
};

export const SUBSCRIPTION_NOT_FOUND_MESSAGE = 'Subscription not found.';
export const CANCELLATION_NOT_FOUND_MESSAGE = 'Cancellation not found.';
export const UNKNOWN_REASON_MESSAGE = 'The selected cancellation reason id is invalid.';
export const RETIRED_REASON_MESSAGE = 'The selected cancellation reason has been retired. Choose another reason.';
export const reasonAlreadyRecordedMessage = (what: 'subscription' | 'cancellation', reasonName: string) =>
  `Another user has already recorded "${reasonName}" as the reason for this ${what}. Reload to see it.`;

/** Staff type ids into forms as text and send them as JSON numbers; both mean the same id. */
const reasonIdField = (field: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
    z
      .number({
        error: (issue) =>
          issue.input === undefined || issue.input === null || issue.input === ''
            ? `The ${field} field is required.`
            : `The ${field} field must be a number.`,
      })
      .int(`The ${field} field must be a whole number.`)
      .min(0, `The ${field} field must be at least 0.`)
      .max(2_147_483_647, `The ${field} field is too large.`),
  );

/**
 * §7 payload of both PATCH calls. 0 clears the reason (the row needs one again).
 * `expected_cancellation_reason_id` is what the client saw; when given and another user changed the reason
 * meanwhile, the change is refused (409) so two staff working the same queue never overwrite each other.
 */
export const setReasonBody = z.strictObject({
  cancellation_reason_id: reasonIdField('cancellation reason id'),
  expected_cancellation_reason_id: reasonIdField('expected cancellation reason id').optional(),
});
export type SetReasonBody = z.infer<typeof setReasonBody>;

/** §3 "Subscription / cancellation: id, cancellation_reason_id". */
export const setReasonResponse = z.object({ id: z.number(), cancellation_reason_id: z.number() });
export type SetReasonResponse = z.infer<typeof setReasonResponse>;

export const subscriptionIdParams = z.object({
  subscriptionId: z.coerce
    .number({ error: 'The subscription id must be a number.' })
    .int()
    .positive()
    .max(2_147_483_647),
});
export const cancellationIdParams = z.object({
  cancellationId: z.coerce
    .number({ error: 'The cancellation id must be a number.' })
    .int()
    .positive()
    .max(2_147_483_647),
});

const isoDate = (field: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `The ${field} must be a date (YYYY-MM-DD).`)
    .refine(
      (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
      {
        message: `The ${field} must be a valid date.`,
      },
    );

/** Query strings carry "" for a cleared filter; that means "no filter". */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

export const SEARCH_MAX_CHARS = 100;
const carrierIds = CARRIERS.map((c) => c.id) as number[];

/** Filters shared by both lists: search, carrier, a date range (business days), and "needs a reason". */
const listFilters = pageQuery.extend({
  q: optional(z.string().trim().max(SEARCH_MAX_CHARS, `The q may not be longer than ${SEARCH_MAX_CHARS} characters.`)),
  carrierId: optional(
    z.coerce
      .number({ error: 'The carrier id must be a number.' })
      .refine((v) => carrierIds.includes(v), 'The selected carrier id is invalid.'),
  ),
  from: optional(isoDate('from date')),
  to: optional(isoDate('to date')),
  needsReason: optional(
    z.enum(['0', '1'], { error: 'The needs reason filter must be 0 or 1.' }).transform((v) => v === '1'),
  ),
});

const dateOrder = <T extends { from?: string; to?: string }>(q: T, ctx: z.RefinementCtx) => {
  if (q.from && q.to && q.from > q.to)
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'The to date must be on or after the from date.' });
};

/** Subscriptions: the date range is the order date; `status` active or cancelled. */
export const subscriptionListQuery = listFilters
  .extend({ status: optional(z.enum(['active', 'cancelled'], { error: 'The selected status is invalid.' })) })
  .superRefine(dateOrder);
export type SubscriptionListQuery = z.input<typeof subscriptionListQuery>;

/** Cancellations: the date range is the cancellation date; `type` tells 21-day returns from later cancellations. */
export const cancellationListQuery = listFilters
  .extend({ type: optional(z.enum(['return', 'cancellation'], { error: 'The selected type is invalid.' })) })
  .superRefine(dateOrder);
export type CancellationListQuery = z.input<typeof cancellationListQuery>;

const customerRef = z.object({ id: z.number(), name: z.string() });

export const subscriptionRow = z.object({
  id: z.number(),
  customer: customerRef,
  phone: z.string().nullable(),
  imei: z.string().nullable(),
  carrierId: z.number(),
  status: z.enum(['active', 'cancelled']),
  orderedAt: z.string(),
  cancelledAt: z.string().nullable(),
  cancellationReasonId: z.number(),
});
export type SubscriptionRow = z.infer<typeof subscriptionRow>;

export const cancellationRow = z.object({
  id: z.number(),
  subscriptionId: z.number(),
  customer: customerRef,
  phone: z.string().nullable(),
  imei: z.string().nullable(),
  carrierId: z.number(),
  orderedAt: z.string(),
  cancelledAt: z.string(),
  isReturn: z.boolean(),
  cancellationReasonId: z.number(),
});
export type CancellationRow = z.infer<typeof cancellationRow>;

export const RENEWALS_SHOWN = 24;

export const subscriptionDetail = z.object({
  id: z.number(),
  status: z.enum(['active', 'cancelled']),
  source: z.enum(['direct', 'google_cpc', 'referral', 'plan_lookup_promo']),
  referralCode: z.string().nullable(),
  price: z.string(),
  carrierId: z.number(),
  orderedAt: z.string(),
  cancelledAt: z.string().nullable(),
  cancellationReasonId: z.number(),
  customer: customerRef.extend({ email: z.string().nullable(), phone: z.string().nullable() }),
  device: z
    .object({
      id: z.number(),
      sim: z.string(),
      phone: z.string().nullable(),
      imei: z.string().nullable(),
      model: z.string().nullable(),
    })
    .nullable(),
  /** The latest renewals (newest first) and how many there are in all. */
  renewals: z.object({
    total: z.number(),
    rows: z.array(z.object({ id: z.number(), renewedAt: z.string(), gross: z.string(), net: z.string() })),
  }),
  cancellations: z.array(
    z.object({
      id: z.number(),
      cancelledAt: z.string(),
      isReturn: z.boolean(),
      cancellationReasonId: z.number(),
      returnReason: z.string().nullable(),
    }),
  ),
});
export type SubscriptionDetail = z.infer<typeof subscriptionDetail>;

export const ORDER_SOURCE_LABELS: Record<SubscriptionDetail['source'], string> = {
  direct: 'Direct',
  google_cpc: 'Google CPC',
  referral: 'Referral',
  plan_lookup_promo: 'Plan Lookup Promo',
};

import { z } from './zod';
import { CARRIERS } from './business';
import { endpoint } from './endpoint';
import { csvFile, pageOf, pageQuery, sortParam } from './pagination';
import { bulkIds, bulkResult } from './bulk';
import { dateOrder, dayRange, filter } from './list-filters';
import { id, int, MAX_INT4, searchText } from './primitives';
import { RETURN_RATE_MAX_LIMIT } from './stats';

export const SUBSCRIPTION_NOT_FOUND_MESSAGE = 'Subscription not found.';
export const CANCELLATION_NOT_FOUND_MESSAGE = 'Cancellation not found.';
export const UNKNOWN_REASON_MESSAGE = 'The selected cancellation reason id is invalid.';
export const RETIRED_REASON_MESSAGE = 'The selected cancellation reason has been retired. Choose another reason.';
export const reasonAlreadyRecordedMessage = (what: 'subscription' | 'cancellation', reasonName: string) =>
  `Another user has already recorded "${reasonName}" as the reason for this ${what}. Reload to see it.`;

/**
 * A reason id as staff send it: a JSON number or the digits a classic form sends. Each way of getting it wrong
 * keeps its own message; `int` does the parsing.
 */
const reasonIdField = (field: string) => {
  const required = `The ${field} field is required.`;
  const notNumber = `The ${field} field must be a number.`;
  return z
    .union([z.number(), z.string()], { error: (issue) => (issue.input == null ? required : notNumber) })
    .refine((value) => value !== '', { message: required, abort: true })
    .refine((value) => typeof value === 'string' || Number.isInteger(value), {
      message: `The ${field} field must be a whole number.`,
      abort: true,
    })
    .pipe(int({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER, message: notNumber }))
    .pipe(
      z.number().min(0, `The ${field} field must be at least 0.`).max(MAX_INT4, `The ${field} field is too large.`),
    );
};

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

/**
 * One reason for many cancellations at once; `expected_cancellation_reason_id`, when given, guards every row as
 * the single PATCH does (a row whose reason another user changed meanwhile is refused, the others recorded).
 */
export const setReasonsBody = z.strictObject({
  ids: bulkIds,
  cancellation_reason_id: reasonIdField('cancellation reason id'),
  expected_cancellation_reason_id: reasonIdField('expected cancellation reason id').optional(),
});

/** §3 "Subscription / cancellation: id, cancellation_reason_id". */
export const setReasonResponse = z.object({ id: z.number(), cancellation_reason_id: z.number() });
export type SetReasonResponse = z.infer<typeof setReasonResponse>;

const subscriptionIdParams = z.object({
  subscriptionId: id(`The subscription id must be a whole number from 1 to ${MAX_INT4}.`),
});
const cancellationIdParams = z.object({
  cancellationId: id(`The cancellation id must be a whole number from 1 to ${MAX_INT4}.`),
});

export const SEARCH_MAX_CHARS = 100;
const carrierIds: readonly number[] = CARRIERS.map((c) => c.id);
const INVALID_CARRIER = 'The selected carrier id is invalid.';

export const subscriptionStatus = z.enum(['active', 'cancelled'], { error: 'The selected status is invalid.' });
export const cancellationType = z.enum(['return', 'cancellation'], { error: 'The selected type is invalid.' });

/** Filters shared by both lists: search, carrier, a date range (business days), and "needs a reason". */
const listFilters = pageQuery.extend({
  q: searchText(SEARCH_MAX_CHARS, 'q').optional(),
  carrierId: filter(
    int({ min: 1, message: INVALID_CARRIER }).refine((carrier) => carrierIds.includes(carrier), INVALID_CARRIER),
  ),
  ...dayRange,
  needsReason: filter(
    z.enum(['0', '1'], { error: 'The needs reason filter must be 0 or 1.' }).transform((v) => v === '1'),
  ),
});

/** Subscriptions: the date range is the order date; `status` active or cancelled; sorted by order date or by
 * cancellation date, which lists only the subscriptions that have one (ADR 054); the needs-a-reason queue is in
 * cancellation-date order whichever date is asked, in the asked direction. Carrier and status are filters, not sorts: at
 * 1.2 million subscriptions each order would need an index of its own, paid on every write, and the customer's name
 * lives on another table, where no index serves a sort across the join (ADR 023). */
export const subscriptionListQuery = listFilters
  .extend({ status: filter(subscriptionStatus), sort: sortParam(['orderedAt', 'cancelledAt'], '-orderedAt') })
  .superRefine(dateOrder);
export type SubscriptionFilters = z.output<typeof subscriptionListQuery>;

const LATEST_DEVICES_MESSAGE = `The product filter counts among the latest deployed devices: latestDevices must be a whole number from 1 to ${RETURN_RATE_MAX_LIMIT.toLocaleString('en-US')}.`;

/** Cancellations: the date range is the cancellation date; `type` tells 21-day returns from later cancellations. */
export const cancellationListQuery = listFilters
  .extend({
    type: filter(cancellationType),
    /** One cancellation reason (a chart's bar opens its cancellations). */
    reasonId: filter(id(`The reason id must be a whole number from 1 to ${MAX_INT4}.`)),
    /** One 21-day return reason (a bar of the return reasons chart). */
    returnReasonId: filter(id(`The return reason id must be a whole number from 1 to ${MAX_INT4}.`)),
    /**
     * One product among the latest deployed devices, as "21-day returns by product" counts them: the cancellations
     * of subscriptions of that model's devices among the latest `latestDevices` (a bar of that chart). Bounded by
     * that number, so the page never joins every device of a common model.
     */
    productId: filter(id(`The product id must be a whole number from 1 to ${MAX_INT4}.`)),
    latestDevices: filter(int({ min: 1, max: RETURN_RATE_MAX_LIMIT, message: LATEST_DEVICES_MESSAGE })),
    sort: sortParam(['cancelledAt'], '-cancelledAt'),
  })
  .superRefine(dateOrder)
  .superRefine((q, ctx) => {
    // The two go together: a product among the latest devices.
    if (q.productId !== undefined && q.latestDevices === undefined)
      ctx.addIssue({ code: 'custom', path: ['latestDevices'], message: LATEST_DEVICES_MESSAGE });
    if (q.latestDevices !== undefined && q.productId === undefined)
      ctx.addIssue({ code: 'custom', path: ['productId'], message: 'latestDevices goes with a product id.' });
  });
export type CancellationFilters = z.output<typeof cancellationListQuery>;

const customerRef = z.object({ id: z.number(), name: z.string() });

export const subscriptionRow = z.object({
  id: z.number(),
  customer: customerRef,
  phone: z.string().nullable(),
  imei: z.string().nullable(),
  carrierId: z.number(),
  status: subscriptionStatus,
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
  status: subscriptionStatus,
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

/** A subscription number as typed: looked up before anything is offered for it. */
export const subscriptionLookupQuery = z.object({
  id: id(`The subscription id must be a whole number from 1 to ${MAX_INT4}.`),
});

/** Enough to tell the subscription from another: its customer and status. */
export const subscriptionLookupResult = z.object({ id: z.number(), customer: customerRef, status: subscriptionStatus });
export type SubscriptionLookupResult = z.infer<typeof subscriptionLookupResult>;

export const ORDER_SOURCE_LABELS: Record<SubscriptionDetail['source'], string> = {
  direct: 'Direct',
  google_cpc: 'Google CPC',
  referral: 'Referral',
  plan_lookup_promo: 'Plan Lookup Promo',
};

export const subscriptionEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/admin/api/subscriptions',
    query: subscriptionListQuery,
    response: pageOf(subscriptionRow),
    access: 'subscriptions.view',
    reads: ['subscriptions', 'customers', 'cancellation-reasons', 'devices'],
    summary: 'A page of subscriptions, filtered; "needs a reason" lists cancelled ones without one, newest first.',
  }),
  export: endpoint({
    method: 'GET',
    path: '/admin/api/subscriptions/export.csv',
    query: subscriptionListQuery,
    response: csvFile,
    access: 'subscriptions.view',
    reads: ['subscriptions', 'customers', 'cancellation-reasons', 'devices'],
    summary: "Every subscription the list's filters find, as CSV, newest first (paging fields are ignored).",
  }),
  lookup: endpoint({
    method: 'GET',
    path: '/admin/api/subscriptions/lookup',
    query: subscriptionLookupQuery,
    response: z.array(subscriptionLookupResult).max(1),
    access: 'subscriptions.view',
    reads: ['subscriptions', 'customers'],
    summary: 'The subscription with this number, if there is one: an empty list, never a 404, when there is none.',
  }),
  detail: endpoint({
    method: 'GET',
    path: '/admin/api/subscriptions/:subscriptionId',
    params: subscriptionIdParams,
    response: subscriptionDetail,
    access: 'subscriptions.view',
    reads: ['subscriptions', 'customers', 'cancellation-reasons', 'devices'],
    summary: 'A subscription with its customer, device, latest renewals and cancellations.',
  }),
  setReason: endpoint({
    method: 'PATCH',
    path: '/admin/subscriptions/:subscriptionId',
    params: subscriptionIdParams,
    body: setReasonBody,
    response: setReasonResponse,
    access: 'subscriptions.manage',
    changes: ['subscriptions', 'audit'],
    summary: 'Records why a subscription was cancelled (§7), on the cancellation that ended it too.',
  }),
};

export const cancellationEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/admin/api/subscription-cancellations',
    query: cancellationListQuery,
    response: pageOf(cancellationRow),
    access: 'subscriptions.view',
    reads: ['subscriptions', 'customers', 'cancellation-reasons', 'devices'],
    summary: 'A page of cancellations, filtered; "needs a reason" lists those without one, newest first.',
  }),
  export: endpoint({
    method: 'GET',
    path: '/admin/api/subscription-cancellations/export.csv',
    query: cancellationListQuery,
    response: csvFile,
    access: 'subscriptions.view',
    reads: ['subscriptions', 'customers', 'cancellation-reasons', 'devices'],
    summary: "Every cancellation the list's filters find, as CSV, newest first (paging fields are ignored).",
  }),
  setReason: endpoint({
    method: 'PATCH',
    path: '/admin/subscription-cancellations/:cancellationId',
    params: cancellationIdParams,
    body: setReasonBody,
    response: setReasonResponse,
    access: 'subscriptions.manage',
    changes: ['subscriptions', 'audit'],
    summary: 'Records the reason of a cancellation (§7), on its subscription too when it ended it.',
  }),
  setReasons: endpoint({
    method: 'PATCH',
    path: '/admin/api/subscription-cancellations/reasons',
    body: setReasonsBody,
    response: bulkResult,
    access: 'subscriptions.manage',
    changes: ['subscriptions', 'audit'],
    summary:
      'Records one reason on each of the chosen cancellations, each on its own (as the single PATCH does); answers which were recorded and why others were not.',
  }),
};

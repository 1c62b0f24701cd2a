import { z } from 'zod';
import { CUSTOMER_SEARCH_MIN_CHARS } from './business';
import { pageQuery } from './pagination';

export const customerPaths = {
  search: '/admin/api/customers/search',
  list: '/admin/api/customers',
  detail: (id: number | string) => `/admin/api/customers/${id}`,
} as const;

export const CUSTOMER_SEARCH_MAX_CHARS = 100;
export const CUSTOMER_SEARCH_LIMIT = 10;

/** Queries shorter than the minimum answer an empty list (§5: the box never asks for them). */
export const customerSearchQuery = z.object({
  q: z
    .string()
    .trim()
    .max(CUSTOMER_SEARCH_MAX_CHARS, `The q may not be longer than ${CUSTOMER_SEARCH_MAX_CHARS} characters.`)
    .default(''),
});

/** §3 "Customer search result": id and name. */
export const customerSearchResult = z.object({ id: z.number(), name: z.string() });
export type CustomerSearchResult = z.infer<typeof customerSearchResult>;

export const isSearchable = (q: string) => q.trim().length >= CUSTOMER_SEARCH_MIN_CHARS;

export const customerListQuery = pageQuery.extend({ q: customerSearchQuery.shape.q });
export type CustomerListQuery = z.infer<typeof customerListQuery>;

export const customerIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const customerRow = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  createdAt: z.string(),
});
export type CustomerRow = z.infer<typeof customerRow>;

const money = z.number();
export const customerDetail = customerRow.extend({
  address: z.string().nullable(),
  zip: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  subscriptions: z.array(
    z.object({
      id: z.number(),
      carrier: z.string(),
      status: z.string(),
      price: money,
      deviceId: z.number().nullable(),
      orderedAt: z.string(),
      cancelledAt: z.string().nullable(),
    }),
  ),
  devices: z.array(
    z.object({
      id: z.number(),
      model: z.string().nullable(),
      imei: z.string().nullable(),
      sim: z.string(),
      phone: z.string().nullable(),
      status: z.string(),
    }),
  ),
  loaners: z.array(
    z.object({
      id: z.number(),
      deviceId: z.number(),
      model: z.string().nullable(),
      startedAt: z.string(),
      returnedAt: z.string().nullable(),
    }),
  ),
  renewals: z.array(
    z.object({ id: z.number(), subscriptionId: z.number(), renewedAt: z.string(), gross: money, net: money }),
  ),
  credits: z.array(z.object({ id: z.number(), amount: money, dueOn: z.string(), appliedAt: z.string().nullable() })),
});
export type CustomerDetail = z.infer<typeof customerDetail>;

export const CUSTOMER_NOT_FOUND = 'Customer not found.';
/** Each list on the customer page shows the latest entries only. */
export const CUSTOMER_DETAIL_LIMIT = 50;

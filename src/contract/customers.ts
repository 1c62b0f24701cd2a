import { z } from './zod';
import { CUSTOMER_SEARCH_MIN_CHARS } from './business';
import { endpoint } from './endpoint';
import { csvFile, pageOf, pageQuery, sortParam } from './pagination';
import { id, searchText } from './primitives';

export const CUSTOMER_SEARCH_MAX_CHARS = 100;
export const CUSTOMER_SEARCH_LIMIT = 10;

/** Queries shorter than the minimum answer an empty list (§5: the box never asks for them). */
export const customerSearchQuery = z.object({ q: searchText(CUSTOMER_SEARCH_MAX_CHARS, 'q').default('') });

/** §3 "Customer search result": id and name. */
export const customerSearchResult = z.object({ id: z.number(), name: z.string() });
export type CustomerSearchResult = z.infer<typeof customerSearchResult>;

export const isSearchable = (q: string) => q.trim().length >= CUSTOMER_SEARCH_MIN_CHARS;

/** "#1479": a customer's id and nothing else, asked at any length, as the "#" already says what it is. */
export const isCustomerIdSearch = (q: string) => /^#\d+$/.test(q.trim());

export const customerListQuery = pageQuery.extend({
  q: customerSearchQuery.shape.q,
  sort: sortParam(['id', 'name', 'createdAt'], '-createdAt'),
});
export type CustomerListQuery = z.infer<typeof customerListQuery>;

export const customerIdParams = z.object({ id: id() });

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

export const customerEndpoints = {
  search: endpoint({
    method: 'GET',
    path: '/admin/api/customers/search',
    query: customerSearchQuery,
    response: z.array(customerSearchResult),
    access: 'members.lookup',
    reads: ['customers', 'subscriptions'],
    summary:
      'Customers whose id ("1479" or "#1479"), name, phone, e-mail or part of an e-mail matches the text (§7), at most 10.',
  }),
  list: endpoint({
    method: 'GET',
    path: '/admin/api/customers',
    query: customerListQuery,
    response: pageOf(customerRow),
    access: 'customers.view',
    reads: ['customers', 'subscriptions'],
    summary: 'A page of customers, newest first, optionally searched.',
  }),
  export: endpoint({
    method: 'GET',
    path: '/admin/api/customers/export.csv',
    query: customerListQuery,
    response: csvFile,
    access: 'customers.view',
    reads: ['customers', 'subscriptions'],
    summary: "Every customer the list's search finds, as CSV, newest first (paging fields are ignored).",
  }),
  detail: endpoint({
    method: 'GET',
    path: '/admin/api/customers/:id',
    params: customerIdParams,
    response: customerDetail,
    access: 'customers.view',
    reads: ['customers', 'subscriptions', 'devices', 'equipment', 'parcels'],
    summary: 'A customer with their subscriptions, devices, loans, renewals and credits.',
  }),
};

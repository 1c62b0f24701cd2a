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

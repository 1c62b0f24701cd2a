import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/types';
import { NotFoundError } from '../../http/errors';
import {
  CUSTOMER_NOT_FOUND,
  CUSTOMER_SEARCH_LIMIT,
  isSearchable,
  type CustomerDetail,
  type CustomerListQuery,
  type CustomerRow,
  type CustomerSearchResult,
} from '../../../contract/customers';
import type { Page } from '../../../contract/pagination';
import { readPage } from '../../db/pages';
import { inSlot } from '../../db/connection-budget';
import {
  customerDetail,
  customerListFilter,
  customersByExactKey,
  customersByNameLikeness,
  customersByName,
  customerList,
} from './customers.queries';

const MAX_ID = 2_147_483_647;
const TYPO_MIN_CHARS = 5;

/** What a typed text can be: an id, a phone number, an e-mail address, or part of a name. */
function readKeys(q: string) {
  const phoneDigits = q.replace(/[\s().+-]/g, '');
  return {
    id: /^\d+$/.test(q) && Number(q) <= MAX_ID ? Number(q) : undefined,
    phone: /^\d{7,15}$/.test(phoneDigits) ? phoneDigits : undefined,
    email: q.includes('@') ? q : undefined,
    // A number or an e-mail address is a key, not a name.
    isName: !/^[\d\s().+-]+$/.test(q) && !q.includes('@'),
  };
}

/**
 * The customer search of §2: an exact id, phone or e-mail; or names starting with the text, then names containing
 * it (one query), and only when nothing matched, names with a word close to it (typos).
 */
export async function searchCustomers(db: Db, raw: string): Promise<CustomerSearchResult[]> {
  const q = raw.trim().replace(/\s+/g, ' ');
  if (!isSearchable(q)) return [];
  const { isName, ...keys } = readKeys(q);
  // A number or an e-mail address is a key and never a name, so it is looked up by key only.
  if (!isName) return customersByExactKey(db, keys);

  return inSlot(db, 'searches', async () => {
    const found = await customersByName(db, q, CUSTOMER_SEARCH_LIMIT);
    // Typo tolerance is the fallback: when the text matches literally, close-but-different names would be noise,
    // and below 5 characters almost every name is "close".
    if (found.length || q.length < TYPO_MIN_CHARS) return found;
    return customersByNameLikeness(db, q, CUSTOMER_SEARCH_LIMIT);
  });
}

/** The customers list: newest first; a text of 3 or more characters narrows it like the search box does. */
export function customersList(db: Db, query: CustomerListQuery) {
  const q = query.q.trim().replace(/\s+/g, ' ');
  if (!isSearchable(q)) return customerList(db, undefined, query);
  const { isName, id, phone, email } = readKeys(q);
  const conditions: SQL[] = [];
  if (id !== undefined) conditions.push(customerListFilter.id(id));
  if (phone !== undefined) conditions.push(customerListFilter.phone(phone));
  if (email !== undefined) conditions.push(customerListFilter.email(email));
  if (isName) conditions.push(customerListFilter.namePart(q));
  return customerList(db, customerListFilter.any(conditions), query);
}

export const customersPage = (db: Db, query: CustomerListQuery): Promise<Page<CustomerRow>> =>
  readPage(db, customersList(db, query), query);

export async function getCustomer(db: Db, id: number): Promise<CustomerDetail> {
  const detail = await customerDetail(db, id);
  if (!detail) throw new NotFoundError(CUSTOMER_NOT_FOUND);
  return detail;
}

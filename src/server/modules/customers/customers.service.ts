import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/types';
import { NotFoundError } from '../../http/errors';
import {
  CUSTOMER_NOT_FOUND,
  CUSTOMER_SEARCH_LIMIT,
  isCustomerIdSearch,
  isSearchable,
  type CustomerDetail,
  type CustomerListQuery,
  type CustomerRow,
  type CustomerSearchResult,
} from '../../../contract/customers';
import type { Page } from '../../../contract/pagination';
import { readPage } from '../../db/pages';
import { inSlot } from '../../db/connection-budget';
import { hasWordCharacter } from '../../db/like';
import {
  customerDetail,
  customerListFilter,
  customersByEmailPart,
  customersByExactKey,
  customersByNameLikeness,
  customersByName,
  customerList,
} from './customers.queries';

const MAX_ID = 2_147_483_647;
const TYPO_MIN_CHARS = 5;

/**
 * What a typed text can be: an id ("1479", or "#1479" meaning the id alone), a phone number, an e-mail address, or
 * part of a name or of an e-mail address.
 */
function readKeys(q: string) {
  const hashed = isCustomerIdSearch(q) ? q.slice(1) : undefined;
  const digits = hashed ?? q;
  const phoneDigits = q.replace(/[\s().+-]/g, '');
  return {
    id: /^\d+$/.test(digits) && Number(digits) <= MAX_ID ? Number(digits) : undefined,
    phone: hashed === undefined && /^\d{7,15}$/.test(phoneDigits) ? phoneDigits : undefined,
    email: q.includes('@') ? q : undefined,
    // A number or an e-mail address is a key, not a name.
    isName: hashed === undefined && !/^[\d\s().+-]+$/.test(q) && !q.includes('@'),
  };
}

/**
 * The customer search of §2: an exact id ("#1479" too) or phone; an exact e-mail address, then addresses containing
 * the text; or names starting with the text, then names containing it (one query), then e-mail addresses containing
 * it, and only when nothing matched, names with a word close to it (typos). Each step runs only while fewer than
 * the limit are found, so every match of the steps before is among those found and is left out of the next.
 */
export async function searchCustomers(db: Db, raw: string): Promise<CustomerSearchResult[]> {
  const q = raw.trim().replace(/\s+/g, ' ');
  if (!isSearchable(q) && !isCustomerIdSearch(q)) return [];
  const { isName, ...keys } = readKeys(q);
  const found = await customersByExactKey(db, keys);
  // A number is a key and never a name or part of an address; punctuation alone is in no name and no trigram index.
  if ((!isName && keys.email === undefined) || !hasWordCharacter(q)) return found;

  return inSlot(db, 'searches', async () => {
    if (isName) found.push(...(await customersByName(db, q, CUSTOMER_SEARCH_LIMIT)));
    if (found.length < CUSTOMER_SEARCH_LIMIT) {
      const ids = found.map((c) => c.id);
      found.push(...(await customersByEmailPart(db, q, CUSTOMER_SEARCH_LIMIT - found.length, ids)));
    }
    // Typo tolerance is the fallback: when the text matches literally, close-but-different names would be noise,
    // and below 5 characters almost every name is "close".
    if (found.length || !isName || q.length < TYPO_MIN_CHARS) return found;
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
  return customerList(db, customerListFilter.any(conditions), query, isName);
}

export const customersPage = (db: Db, query: CustomerListQuery): Promise<Page<CustomerRow>> =>
  readPage(db, customersList(db, query), query);

export async function getCustomer(db: Db, id: number): Promise<CustomerDetail> {
  const detail = await customerDetail(db, id);
  if (!detail) throw new NotFoundError(CUSTOMER_NOT_FOUND);
  return detail;
}

import type { Db } from '../../db/client';
import { CUSTOMER_SEARCH_LIMIT, isSearchable, type CustomerSearchResult } from '../../../contract/customers';
import {
  customersByExactKey,
  customersByNameLikeness,
  customersByNamePart,
  customersByNamePrefix,
} from './customers.queries';

const MAX_ID = 2_147_483_647;

/**
 * The customer search of §2: exact id, phone or e-mail first, then names starting with the text, then names
 * containing it, and only when nothing matched, names with a word close to it (typos). Each step runs only
 * while the list is short, so the common case is one index range scan.
 */
export async function searchCustomers(db: Db, raw: string): Promise<CustomerSearchResult[]> {
  const q = raw.trim().replace(/\s+/g, ' ');
  if (!isSearchable(q)) return [];
  const phoneDigits = q.replace(/[\s().+-]/g, '');
  const found = await customersByExactKey(db, {
    id: /^\d+$/.test(q) && Number(q) <= MAX_ID ? Number(q) : undefined,
    phone: /^\d{7,15}$/.test(phoneDigits) ? phoneDigits : undefined,
    email: q.includes('@') ? q : undefined,
  });
  // A number or an e-mail address is a key, not a name.
  if (/^[\d\s().+-]+$/.test(q) || q.includes('@')) return found;

  const seen = () => found.map((c) => c.id);
  const add = (rows: CustomerSearchResult[]) => {
    const ids = new Set(seen());
    for (const row of rows) if (!ids.has(row.id) && found.length < CUSTOMER_SEARCH_LIMIT) found.push(row);
  };
  add(await customersByNamePrefix(db, q, CUSTOMER_SEARCH_LIMIT));
  if (found.length < CUSTOMER_SEARCH_LIMIT)
    add(await customersByNamePart(db, q, seen(), CUSTOMER_SEARCH_LIMIT - found.length));
  // Typo tolerance is the fallback: when the text matches literally, close-but-different names would be noise.
  if (!found.length) add(await customersByNameLikeness(db, q, CUSTOMER_SEARCH_LIMIT));
  return found;
}

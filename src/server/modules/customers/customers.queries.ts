import { and, asc, eq, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { customers } from '../../db/schema';
import type { CustomerSearchResult } from '../../../contract/customers';

/** `%`, `_` and `\` typed by staff are literal characters, not LIKE wildcards. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const sortKey = sql`(lower(${customers.name}) collate "C")`;
const pick = { id: customers.id, name: customers.name };

/** Exact matches on id, phone digits or e-mail; each condition has its own index. */
export function customersByExactKey(
  db: Tx,
  keys: { id?: number; phone?: string; email?: string },
): Promise<CustomerSearchResult[]> {
  const conditions: SQL[] = [];
  if (keys.id !== undefined) conditions.push(eq(customers.id, keys.id));
  if (keys.phone !== undefined) conditions.push(eq(customers.phone, keys.phone));
  if (keys.email !== undefined) conditions.push(sql`lower(${customers.email}) = ${keys.email.toLowerCase()}`);
  if (!conditions.length) return Promise.resolve([]);
  return db
    .select(pick)
    .from(customers)
    .where(or(...conditions))
    .orderBy(asc(customers.id))
    .limit(10);
}

/** Names starting with `text`, alphabetical: one range scan of the prefix index. */
export function customersByNamePrefix(db: Tx, text: string, limit: number): Promise<CustomerSearchResult[]> {
  return db
    .select(pick)
    .from(customers)
    .where(sql`${sortKey} like ${`${escapeLike(text.toLowerCase())}%`}`)
    .orderBy(sortKey, asc(customers.id))
    .limit(limit);
}

/** Names containing `text` anywhere (trigram index); unordered, as ranking every match would read them all. */
export function customersByNamePart(
  db: Tx,
  text: string,
  exclude: number[],
  limit: number,
): Promise<CustomerSearchResult[]> {
  return db
    .select(pick)
    .from(customers)
    .where(
      and(
        sql`${customers.name} ilike ${`%${escapeLike(text)}%`}`,
        exclude.length ? notInArray(customers.id, exclude) : undefined,
      ),
    )
    .limit(limit);
}

/**
 * Names with a word close to `text` (typos): pg_trgm's `<%` (word similarity over its threshold) uses the
 * trigram index; the candidates are ranked by closeness.
 */
export function customersByNameLikeness(db: Tx, text: string, limit: number): Promise<CustomerSearchResult[]> {
  return db
    .select(pick)
    .from(customers)
    .where(sql`${text} <% ${customers.name}`)
    .orderBy(sql`${text} <<-> ${customers.name}`, asc(customers.id))
    .limit(limit);
}

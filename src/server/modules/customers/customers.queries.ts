import { and, asc, desc, eq, isNull, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/types';
import {
  carriers,
  credits,
  customers,
  devices,
  deviceStatuses,
  loaners,
  products,
  renewals,
  subscriptions,
} from '../../db/schema';
import {
  CUSTOMER_DETAIL_LIMIT,
  type CustomerDetail,
  type CustomerListQuery,
  type CustomerRow,
  type CustomerSearchResult,
} from '../../../contract/customers';
import { escapeLike, hasWordCharacter } from '../../db/like';
import { listSpec, sortOrder, type RowExtras } from '../../db/pages';
import { rowsOf } from '../../db/rows';
import { isQueryCanceled } from '../../db/query-canceled';
import { csvNumber, csvText, csvTime } from '../../db/export-columns';

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

/**
 * Names starting with `text` (alphabetical, one range scan of the prefix index), then names containing it
 * elsewhere (trigram index or a short scan; unordered, as ranking every match would read them all). One round
 * trip: PostgreSQL runs the branches of UNION ALL in order and stops at the outer LIMIT, so the second branch
 * only runs when fewer than `limit` names start with the text.
 */
export async function customersByName(db: Tx, text: string, limit: number): Promise<CustomerSearchResult[]> {
  const starting = `${escapeLike(text.toLowerCase())}%`;
  const containing = `%${escapeLike(text)}%`;
  const rows = await rowsOf<CustomerSearchResult>(
    db,
    sql`
    SELECT id, name FROM (
      SELECT ${customers.id}, ${customers.name} FROM ${customers}
      WHERE ${sortKey} LIKE ${starting} ORDER BY ${sortKey}, ${customers.id} LIMIT ${limit}) AS starting
    UNION ALL
    SELECT id, name FROM (
      SELECT ${customers.id}, ${customers.name} FROM ${customers}
      WHERE ${customers.name} ILIKE ${containing} AND NOT (${sortKey} LIKE ${starting}) LIMIT ${limit}) AS containing
    LIMIT ${limit}`,
  );
  return rows.map((r) => ({ id: Number(r.id), name: r.name }));
}

/**
 * E-mail addresses containing `text` anywhere ("jsmith", "@example"), leaving out the customers already found
 * (`except`): read through the trigram index on e-mails, or a short scan when matches are dense; unordered, as
 * ranking every match would read them all.
 */
export function customersByEmailPart(
  db: Tx,
  text: string,
  limit: number,
  except: number[],
): Promise<CustomerSearchResult[]> {
  return db
    .select(pick)
    .from(customers)
    .where(
      and(
        sql`${customers.email} ilike ${`%${escapeLike(text)}%`}`,
        except.length ? notInArray(customers.id, except) : undefined,
      ),
    )
    .limit(limit);
}

/** How many typo candidates are ranked: common names share trigrams with thousands of rows. */
export const LIKENESS_CANDIDATES = 200;

/**
 * The most a typo search may take (ms). Its trigram candidates are each read again to measure their closeness, and a
 * typo of a common name can share enough trigrams with every one of its 10,000 bearers while none is close enough
 * (680 ms cold, 35–60 ms warm at a million customers): past this, no suggestion is better than a held connection.
 */
export const LIKENESS_TIMEOUT_MS = 150;

/**
 * Names with a word close to `text` (typos): pg_trgm's `<%` (word similarity over its threshold) uses the
 * trigram index; the first candidates found are ranked by closeness, so the cost stays bounded, and none are
 * suggested once `timeoutMs` has passed.
 */
export async function customersByNameLikeness(
  db: Tx,
  text: string,
  limit: number,
  timeoutMs = LIKENESS_TIMEOUT_MS,
): Promise<CustomerSearchResult[]> {
  try {
    return await db.transaction(async (tx) => {
      // Under the LIMIT the planner likes to scan the table until enough rows match, but word similarity is too
      // costly per row for that (about 150 ms for a common surname): the trigram index narrows the rows first.
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      await tx.execute(sql.raw(`SET LOCAL statement_timeout = ${Math.trunc(timeoutMs)}`));
      const candidates = tx
        .select(pick)
        .from(customers)
        .where(sql`${text} <% ${customers.name}`)
        .limit(LIKENESS_CANDIDATES)
        .as('candidates');
      return tx
        .select({ id: candidates.id, name: candidates.name })
        .from(candidates)
        .orderBy(sql`${text} <<-> ${candidates.name}`, asc(candidates.id))
        .limit(limit);
    });
  } catch (error) {
    if (isQueryCanceled(error)) return [];
    throw error;
  }
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The sortable columns, each read off its index: the primary key, the name prefix index, `created_at`'s. */
const CUSTOMER_SORTS = {
  id: {},
  name: { key: sortKey, kind: 'text' },
  createdAt: { key: customers.createdAt },
} as const;

/**
 * The customers list in the asked order (newest first by default), narrowed by `where` (a key or a name part, see
 * the service), with the columns of its export.
 */
export function customerList(db: Tx, where: SQL | undefined, query: CustomerListQuery, byName = false) {
  const order = sortOrder(query.sort, CUSTOMER_SORTS, customers.id);
  return listSpec({
    searched: where !== undefined,
    order,
    // A first name's bearers are together in name order (every Mary under M); in any order, a rare full name's few
    // bearers (the planner cannot tell it from a common one) lie a walk of the whole list apart.
    bunchesIn: byName ? customers : undefined,
    where,
    rows: (extras: RowExtras) =>
      db
        .select({
          id: customers.id,
          name: customers.name,
          email: customers.email,
          phone: customers.phone,
          city: customers.city,
          state: customers.state,
          createdAt: customers.createdAt,
          ...extras,
        })
        .from(customers)
        .$dynamic(),
    count: customers,
    toRow: (r): CustomerRow => ({ ...r, createdAt: r.createdAt.toISOString() }),
    csv: [
      csvNumber('ID', customers.id),
      csvText('Name', customers.name),
      csvText('Email', customers.email),
      csvText('Phone', customers.phone),
      csvText('City', customers.city),
      csvText('State', customers.state),
      csvTime('Customer since', customers.createdAt),
    ],
  });
}

export const customerListFilter = {
  id: (id: number) => eq(customers.id, id),
  phone: (phone: string) => eq(customers.phone, phone),
  email: (email: string) => sql`lower(${customers.email}) = ${email.toLowerCase()}`,
  namePart: (text: string) =>
    hasWordCharacter(text) ? sql`${customers.name} ilike ${`%${escapeLike(text)}%`}` : sql`false`,
  any: (conditions: SQL[]) => or(...conditions),
};

/** A customer's latest subscriptions, with their carrier. */
const customerSubscriptions = (db: Tx, id: number) =>
  db
    .select({
      id: subscriptions.id,
      carrier: carriers.name,
      status: subscriptions.status,
      price: subscriptions.price,
      deviceId: subscriptions.deviceId,
      orderedAt: subscriptions.orderedAt,
      cancelledAt: subscriptions.cancelledAt,
    })
    .from(subscriptions)
    .innerJoin(carriers, eq(carriers.id, subscriptions.carrierId))
    .where(eq(subscriptions.customerId, id))
    .orderBy(desc(subscriptions.orderedAt), desc(subscriptions.id))
    .limit(CUSTOMER_DETAIL_LIMIT);

/** The devices of a customer's subscriptions whose line is not deleted, newest first. */
function customerDevices(db: Tx, id: number) {
  const ofCustomer = sql`(select ${subscriptions.deviceId} from ${subscriptions} where ${subscriptions.customerId} = ${id})`;
  return db
    .select({
      id: devices.id,
      model: products.model,
      imei: devices.imei,
      sim: devices.sim,
      phone: devices.phone,
      status: deviceStatuses.description,
    })
    .from(devices)
    .innerJoin(deviceStatuses, eq(deviceStatuses.id, devices.deviceStatusId))
    .leftJoin(products, eq(products.id, devices.productId))
    .where(and(sql`${devices.id} in ${ofCustomer}`, isNull(devices.lineDeletedAt)))
    .orderBy(desc(devices.id))
    .limit(CUSTOMER_DETAIL_LIMIT);
}

const customerLoaners = (db: Tx, id: number) =>
  db
    .select({
      id: loaners.id,
      deviceId: loaners.deviceId,
      model: products.model,
      startedAt: loaners.startedAt,
      returnedAt: loaners.returnedAt,
    })
    .from(loaners)
    .innerJoin(devices, eq(devices.id, loaners.deviceId))
    .leftJoin(products, eq(products.id, devices.productId))
    .where(eq(loaners.customerId, id))
    .orderBy(desc(loaners.startedAt), desc(loaners.id))
    .limit(CUSTOMER_DETAIL_LIMIT);

const customerRenewals = (db: Tx, id: number) =>
  db
    .select({
      id: renewals.id,
      subscriptionId: renewals.subscriptionId,
      renewedAt: renewals.renewedAt,
      gross: renewals.gross,
      net: renewals.net,
    })
    .from(renewals)
    .innerJoin(subscriptions, eq(subscriptions.id, renewals.subscriptionId))
    .where(eq(subscriptions.customerId, id))
    .orderBy(desc(renewals.renewedAt), desc(renewals.id))
    .limit(CUSTOMER_DETAIL_LIMIT);

const customerCredits = (db: Tx, id: number) =>
  db
    .select({ id: credits.id, amount: credits.amount, dueOn: credits.dueOn, appliedAt: credits.appliedAt })
    .from(credits)
    .where(eq(credits.customerId, id))
    .orderBy(desc(credits.dueOn), desc(credits.id))
    .limit(CUSTOMER_DETAIL_LIMIT);

/** A customer with the latest entries of each list on their page. */
export async function customerDetail(db: Tx, id: number): Promise<CustomerDetail | undefined> {
  const [customer] = await db.select().from(customers).where(eq(customers.id, id));
  if (!customer) return undefined;
  const [subs, deviceRows, loanerRows, renewalRows, creditRows] = await Promise.all([
    customerSubscriptions(db, id),
    customerDevices(db, id),
    customerLoaners(db, id),
    customerRenewals(db, id),
    customerCredits(db, id),
  ]);
  return {
    id: customer.id,
    name: customer.name,
    email: customer.email,
    phone: customer.phone,
    address: customer.address,
    city: customer.city,
    state: customer.state,
    zip: customer.zip,
    lat: customer.lat,
    lng: customer.lng,
    createdAt: customer.createdAt.toISOString(),
    subscriptions: subs.map((r) => ({
      ...r,
      price: Number(r.price),
      orderedAt: r.orderedAt.toISOString(),
      cancelledAt: iso(r.cancelledAt),
    })),
    devices: deviceRows,
    loaners: loanerRows.map((r) => ({ ...r, startedAt: r.startedAt.toISOString(), returnedAt: iso(r.returnedAt) })),
    renewals: renewalRows.map((r) => ({
      ...r,
      gross: Number(r.gross),
      net: Number(r.net),
      renewedAt: r.renewedAt.toISOString(),
    })),
    credits: creditRows.map((r) => ({ ...r, amount: Number(r.amount), appliedAt: iso(r.appliedAt) })),
  };
}

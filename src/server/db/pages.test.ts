import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { openTestDatabase } from '../test/database';
import { createStaffUser, signedInAgent, spaShell, type Agent } from '../test/app';
import {
  createCancellation,
  createCustomer,
  createDevice,
  createEquipment,
  createSubscription,
  createSupplier,
} from '../test/factories';
import { customers } from './schema';
import { createProspect } from '../test/factories/prospect';
import { BUNCHED_WALK_ROWS, EXPORT_BATCH, SEARCH_COUNT_LIMIT } from './pages';
import { ensurePlannerStatistics, STATISTICS_TARGET } from './planner-statistics';
import * as schema from './schema';
import type { Database, Db } from './types';
import { CURSOR_MESSAGE, EXACT_COUNT_LIMIT, encodeCursor, type Page } from '../../contract/pagination';

/*
 * Lists cost O(page) at any size (ADR 015): every list's row query is read off an index in its order (no Sort
 * node in its plan), deep pages come by cursor with no row skipped or repeated, and counts above
 * EXACT_COUNT_LIMIT are estimates unless asked for exactly.
 */

interface Logged {
  text: string;
  params: unknown[];
}

let database: Database;
let app: Awaited<ReturnType<typeof buildApp>>;
let agent: Agent;
const queries: Logged[] = [];

/** The app on a database handle that records every statement, so the list queries can be explained as run. */
beforeAll(async () => {
  database = await openTestDatabase();
  const logger = { logQuery: (text: string, params: unknown[]) => void queries.push({ text, params }) };
  const client = (database.db as unknown as { $client: PGlite | pg.Pool }).$client;
  const logged = (database.kind === 'pglite'
    ? drizzlePglite(client as PGlite, { schema, logger })
    : drizzlePg(client as pg.Pool, { schema, logger })) as unknown as Db;
  app = await buildApp(testConfig({ LOGIN_RATE_LIMIT: 1000 }), {
    database: { ...database, db: logged },
    webDir: spaShell(),
  });
  await app.ready();
  agent = await signedInAgent(app, await createStaffUser(database.db, { canForceCreate: true, isRep: true }));
});

afterAll(async () => {
  await app.close();
  await database.close();
});

async function list<T>(url: string): Promise<Page<T>> {
  const res = await agent.get(url);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json<Page<T>>();
}

/** The ids of a CSV export, its first column, in the order exported. */
async function exportedIds(url: string): Promise<number[]> {
  const res = await agent.get(url);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.body
    .trimEnd()
    .split('\n')
    .slice(1)
    .map((line) => Number(line.split(',')[0]));
}

/** The ids a list shows, page after page by cursor. */
async function listedIds(url: string): Promise<number[]> {
  const ids: number[] = [];
  for (let after = ''; ;) {
    const page = await list<{ id: number }>(`${url}&perPage=100${after}`);
    ids.push(...page.rows.map((r) => r.id));
    if (!page.nextCursor) return ids;
    after = `&after=${page.nextCursor}`;
  }
}

/**
 * Tables here are tiny, where a scan and a sort cost nothing: with both priced out, a Sort or Seq Scan left in the
 * plan means no index could serve the query, which is what matters at a million rows.
 */
const SETTINGS = 'SET LOCAL enable_seqscan = off; SET LOCAL enable_sort = off';
const BY_INDEX_ALONE = 'SET LOCAL enable_seqscan = off; SET LOCAL enable_indexscan = off';

/** The plan of `query` as run, under `settings` (by default scans and sorts priced out). */
async function explain(query: Logged, settings = SETTINGS): Promise<unknown> {
  const explain = `EXPLAIN (FORMAT JSON) ${query.text}`;
  const client = (database.db as unknown as { $client: PGlite | pg.Pool }).$client;
  return database.kind === 'pglite'
    ? (client as PGlite).transaction(async (tx) => {
        await tx.exec(settings);
        const res = await tx.query<Record<string, unknown>>(explain, query.params as never[]);
        return Object.values(res.rows[0]!)[0];
      })
    : (async () => {
        const conn = await (client as pg.Pool).connect();
        try {
          await conn.query(`BEGIN; ${settings}`);
          const res = await conn.query(explain, query.params);
          return Object.values(res.rows[0] as Record<string, unknown>)[0];
        } finally {
          await conn.query('ROLLBACK');
          conn.release();
        }
      })();
}

async function seedEveryList() {
  await createCancellation(database.db);
  await createSubscription(database.db, { customerId: (await createCustomer(database.db)).id });
  await createEquipment(database.db);
}

/** The paged row queries a list call runs, for its first page and for a page after a cursor. */
async function rowQueriesOf(url: string): Promise<Logged[]> {
  const found: Logged[] = [];
  const key = /sort=-?name/.test(url) ? 'm' : /sort=-?weight/.test(url) ? '12.5' : Date.now() * 1000;
  // The audit log pages on a cursor of its own, `before` newest first and `after` oldest first.
  const auditCursor = `${/sort=createdAt/.test(url) ? 'after' : 'before'}=2026-01-01T00:00:00.000000Z_2000000`;
  const next = url.includes('/audit-log') ? auditCursor : `after=${encodeCursor([key, 2_000_000])}`;
  for (const page of [url, `${url}${url.includes('?') ? '&' : '?'}${next}`]) {
    queries.length = 0;
    await list(page);
    const paged = queries.filter((q) => /order by/i.test(q.text) && /limit/i.test(q.text));
    expect(paged.length, `${page} ran no paged query`).toBeGreaterThan(0);
    found.push(...paged);
  }
  return found;
}

const typesIn = (plan: unknown): string[] => {
  if (!plan || typeof plan !== 'object') return [];
  const node = plan as Record<string, unknown>;
  const own = typeof node['Node Type'] === 'string' ? [node['Node Type']] : [];
  return [...own, ...Object.values(node).flatMap((v) => (Array.isArray(v) ? v.flatMap(typesIn) : typesIn(v)))];
};
const nodeTypes = async (query: Logged) => typesIn(await explain(query));

describe('list pages', () => {
  // Unfiltered lists and the work queues: read off the index in list order, first and next page alike.
  it.each([
    '/admin/api/customers',
    '/admin/api/subscriptions',
    '/admin/api/subscriptions?needsReason=1',
    '/admin/api/subscriptions?carrierId=1',
    '/admin/api/subscriptions?status=cancelled',
    '/admin/api/subscriptions?carrierId=2&status=active',
    '/admin/api/subscription-cancellations?type=return',
    '/admin/api/subscription-cancellations',
    '/admin/api/subscription-cancellations?needsReason=1',
    '/admin/api/subscription-cancellations?returnReasonId=1',
    '/admin/api/subscription-cancellations?type=return&returnReasonId=1',
    '/admin/api/devices',
    '/admin/api/devices?status=6',
    '/admin/api/devices?status=6&productId=1',
    '/admin/api/equipment?state=hold',
    '/admin/api/prospects',
    '/admin/api/parcels',
    '/admin/api/suppliers',
    '/admin/api/device-swaps',
    '/admin/api/device-swaps?supplierId=1',
    '/admin/api/feedback-submissions',
    '/admin/api/mail-outbox',
    '/admin/api/audit-log',
    // Every column a list can be sorted by (ADR 023), both ways.
    '/admin/api/customers?sort=name',
    '/admin/api/customers?sort=-name',
    '/admin/api/customers?sort=id',
    '/admin/api/customers?sort=createdAt',
    '/admin/api/subscriptions?sort=orderedAt',
    '/admin/api/subscriptions?status=cancelled&sort=orderedAt',
    '/admin/api/subscriptions?needsReason=1&sort=orderedAt',
    '/admin/api/subscription-cancellations?sort=cancelledAt',
    '/admin/api/subscription-cancellations?type=return&sort=cancelledAt',
    '/admin/api/devices?sort=id',
    '/admin/api/prospects?sort=createdAt',
    '/admin/api/parcels?sort=createdAt',
    '/admin/api/suppliers?sort=name',
    '/admin/api/suppliers?sort=-name',
    '/admin/api/device-swaps?sort=swappedAt',
    '/admin/api/device-swaps?supplierId=1&sort=swappedAt',
    '/admin/api/mail-outbox?sort=createdAt',
    '/admin/api/equipment?state=hold&sort=id',
    '/admin/api/equipment?state=hold&sort=updatedAt',
    '/admin/api/equipment?state=hold&sort=-updatedAt',
    '/admin/api/subscriptions?sort=cancelledAt',
    '/admin/api/subscriptions?sort=-cancelledAt',
    '/admin/api/subscriptions?status=cancelled&sort=-cancelledAt',
    '/admin/api/subscriptions?needsReason=1&sort=cancelledAt',
    '/admin/api/prospects?sort=name',
    '/admin/api/prospects?sort=-name',
    '/admin/api/parcels?sort=weight',
    '/admin/api/parcels?sort=-weight',
    '/admin/api/suppliers?sort=createdAt',
    '/admin/api/audit-log?sort=createdAt',
    '/admin/api/audit-log?sort=-createdAt',
  ])('reads %s off an index in its order, first and next page alike (no sort)', async (url) => {
    await seedEveryList();
    for (const query of await rowQueriesOf(url)) {
      const types = (await nodeTypes(query)).join(' > ');
      expect(types, query.text).not.toMatch(/Sort/);
    }
  });

  // Filters and searches narrow through an index; the rows they find are then put in order.
  it.each([
    ['/admin/api/customers?q=Customer', 'customers_'],
    ['/admin/api/subscriptions?carrierId=1&status=active', 'subscriptions_carrier_status_ordered_at_idx'],
    ['/admin/api/subscriptions?carrierId=1', 'subscriptions_carrier_ordered_at_idx'],
    ['/admin/api/subscriptions?status=cancelled', 'subscriptions_status_ordered_at_idx'],
    ['/admin/api/subscription-cancellations?type=return', 'cancellations_type_cancelled_at_idx'],
    ['/admin/api/subscription-cancellations?reasonId=1', 'cancellations_cancellation_reason_idx'],
    ['/admin/api/subscription-cancellations?returnReasonId=1', 'cancellations_return_reason_idx'],
    // The carrier each cancellation keeps (migration 0014): no walk of the list testing each one's subscription.
    ['/admin/api/subscription-cancellations?carrierId=2', 'cancellations_carrier_cancelled_at_idx'],
    ['/admin/api/devices?status=6', 'devices_status_id_idx'],
    ['/admin/api/devices?status=6&productId=1', 'devices_status_product_idx'],
    // The latest deployed devices, those of the model, their subscriptions, then their cancellations, put in order.
    ['/admin/api/subscription-cancellations?type=return&productId=1&latestDevices=100', 'devices_deployed_at_idx'],
  ])('narrows %s through an index, never a scan of the table', async (url, index) => {
    await seedEveryList();
    for (const query of await rowQueriesOf(url)) {
      const plan = JSON.stringify(await explain(query));
      expect(plan, query.text).toContain(index);
      expect(plan, query.text).not.toContain('Seq Scan');
    }
  });

  // A search's count reads every match up to SEARCH_COUNT_LIMIT, with no order to stop at: without the trigram
  // index it read every visit (158–206 ms at 120,000 visits, where the index takes 0.6–4 ms).
  it('counts a search of prospect visits by name, address, city or ZIP through their trigram index', async () => {
    await createProspect(database.db);
    queries.length = 0;
    await list('/admin/api/prospects?q=miller');
    const counts = queries.filter((q) => /count\(/i.test(q.text) && /ilike/i.test(q.text));
    expect(counts.length).toBeGreaterThan(0);
    for (const query of counts) {
      const plan = JSON.stringify(await explain(query));
      expect(plan, query.text).toContain('prospects_search_trgm_idx');
      expect(plan, query.text).not.toContain('Seq Scan on prospects');
    }
  });

  // Every search over a list starts from an index that finds its matches (O(matches), not O(table)): with no plain
  // index scan to walk the list in order, what narrows the page and the count must be an index of the search.
  it.each([
    // By the name each cancellation keeps: through subscriptions and customers, a common surname walked thousands
    // of cancellations (p95 650 ms at a million customers) and a rare one could walk them all.
    ['/admin/api/subscription-cancellations?q=miller', 'cancellations_customer_name_trgm_idx'],
    ['/admin/api/subscription-cancellations?q=mi', 'cancellations_customer_name_trgm_idx'],
    ['/admin/api/subscription-cancellations?q=6155550100', 'subscriptions_customer_idx'],
    ['/admin/api/subscriptions?q=miller', 'customers_name_trgm_idx'],
    ['/admin/api/subscriptions?q=6155550100', 'subscriptions_device_idx'],
    ['/admin/api/customers?q=miller', 'customers_name_trgm_idx'],
    ['/admin/api/prospects?q=miller', 'prospects_search_trgm_idx'],
    ['/admin/api/devices?q=12345678', 'devices_imei_suffix_idx'],
    ['/admin/api/equipment?state=hold&q=356938035643809', 'equipment_imei_idx'],
  ])('searches %s through %s, never a walk of the table', async (url, index) => {
    await seedEveryList();
    await createProspect(database.db);
    queries.length = 0;
    await list(url);
    // The statements given the searched text (a bunching order's edge, read off its index alone, is not one).
    const term = new URL(url, 'http://localhost').searchParams.get('q')!;
    const searched = queries.filter(
      (q) => !/^explain/i.test(q.text) && q.params.some((p) => String(p).toLowerCase().includes(term)),
    );
    expect(
      searched.find((q) => /order by/i.test(q.text)),
      'the page',
    ).toBeDefined();
    for (const query of searched.filter((q) => /order by|count\(/i.test(q.text))) {
      const plan = JSON.stringify(await explain(query, BY_INDEX_ALONE));
      expect(plan, query.text).toContain(index);
      expect(plan, query.text).not.toContain('Seq Scan');
    }
  });

  // pg_trgm makes trigrams of letters and digits only: a text of punctuation alone has none, and its search read every
  // name (0.5–1.3 s at a million customers). No name is made of it: nothing is found, and nothing is read.
  it.each([
    '/admin/api/customers?q=%25%25%25',
    '/admin/api/subscriptions?q=---',
    '/admin/api/subscriptions?q=%27%27%27&sort=cancelledAt',
    '/admin/api/subscription-cancellations?q=%5C%5C%5C&carrierId=2',
    '/admin/api/prospects?q=...',
  ])('finds nothing for %s, a text with no letter or digit, reading no row', async (url) => {
    await seedEveryList();
    await createCustomer(database.db, { name: "O'Brien-Smith %%% ---" });
    const page = await list(url);
    expect(page.rows).toEqual([]);
    const term = new URL(url, 'http://localhost').searchParams.get('q')!;
    expect(queries.some((q) => q.params.some((p) => String(p).includes(term)))).toBe(false);
    // A bunching order's edge (ADR 043's walk of 2,000 index entries, no filter) is read all the same.
    const edge =
      /^select \(extract\(epoch from "\w+"\) \* 1000000\)\S+, "id" from "\w+" where .*is not null\)? order by .* offset \$\d+$/;
    for (const query of (await rowQueriesOf(url)).filter((q) => !edge.test(q.text)))
      expect(JSON.stringify(await explain(query, BY_INDEX_ALONE)), query.text).toContain('"One-Time Filter":"false"');
  });

  it('finds no customer in the search box for a text with no letter or digit, asking the database nothing', async () => {
    queries.length = 0;
    const res = await agent.get(`/admin/api/customers/search?q=${encodeURIComponent('%%%')}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([]);
    expect(queries.filter((q) => /ilike|like/i.test(q.text))).toEqual([]);
  });

  // A part of an e-mail address ("jsmith", "@example") is found anywhere in it: without the trigram index on e-mails
  // every search that fewer than 10 names matched would read every customer.
  it.each(['jsmith', '@example', 'jsmith@exam'])(
    'searches customers for %s in their e-mail addresses through their trigram index',
    async (q) => {
      await createCustomer(database.db, { email: `${q.replace('@', '')}@example.test` });
      queries.length = 0;
      const res = await agent.get(`/admin/api/customers/search?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, res.body).toBe(200);
      const byEmail = queries.filter((q) => /"email" ilike/i.test(q.text));
      expect(byEmail.length, 'the e-mail search').toBe(1);
      const plan = JSON.stringify(await explain(byEmail[0]!, BY_INDEX_ALONE));
      expect(plan, byEmail[0]!.text).toContain('customers_email_trgm_idx');
      expect(plan, byEmail[0]!.text).not.toContain('Seq Scan');
    },
  );

  it("counts a search of cancellations by name on their own rows, with no join to the customer's", async () => {
    await seedEveryList();
    queries.length = 0;
    await list('/admin/api/subscription-cancellations?q=miller');
    const count = queries.find((q) => /count\(/i.test(q.text) && /customer_name" ilike/i.test(q.text));
    expect(count, 'the count').toBeDefined();
    expect(JSON.stringify(await explain(count!)), count!.text).not.toMatch(/"subscriptions"|"customers"/);
  });

  it('pages through equal timestamps by cursor with no row skipped or repeated, keeping the filter', async () => {
    const at = new Date('2026-03-01T12:00:00.123456Z');
    const made = [];
    // Three pages of the smallest size, all at one moment.
    for (let i = 0; i < 57; i++)
      made.push(await createCustomer(database.db, { name: `Keyset Tie ${i}`, createdAt: at }));
    await createCustomer(database.db, { name: 'Other Person', createdAt: at });
    const seen: number[] = [];
    let url = '/admin/api/customers?q=Keyset%20Tie&perPage=25';
    for (let page = 1; page < 10; page++) {
      const answer = await list<{ id: number }>(url);
      seen.push(...answer.rows.map((r) => r.id));
      if (!answer.nextCursor) break;
      url = `/admin/api/customers?q=Keyset%20Tie&perPage=25&page=${page + 1}&after=${answer.nextCursor}`;
    }
    expect(seen).toEqual(made.map((c) => c.id).sort((a, b) => b - a));
  });

  it.each(['name', '-name'])(
    'pages through names sorted by %s, ties and any script included, with no row skipped or repeated',
    async (sort) => {
      const word = sort === 'name' ? 'Sortup' : 'Sortdown';
      // Eight of each, so that ties of one name fall across the pages of 25.
      const names = ['Zoe', 'zoe', 'abel', 'Abel', 'ärger', '名', 'Mo']
        .flatMap((first) => Array<string>(8).fill(first))
        .map((first) => `${first} ${word}`);
      const made = [];
      for (const name of names) made.push(await createCustomer(database.db, { name }));
      const byName = (a: { id: number; name: string }, b: { id: number; name: string }) => {
        const [x, y] = [a.name.toLowerCase(), b.name.toLowerCase()];
        return x < y ? -1 : x > y ? 1 : a.id - b.id;
      };
      const expected = made.sort(byName).map((c) => c.id);
      if (sort.startsWith('-')) expected.reverse();
      const seen: number[] = [];
      let url = `/admin/api/customers?q=${word}&perPage=25&sort=${sort}`;
      for (let page = 1; page < 10; page++) {
        const answer = await list<{ id: number }>(url);
        seen.push(...answer.rows.map((r) => r.id));
        if (!answer.nextCursor) break;
        url = `/admin/api/customers?q=${word}&perPage=25&sort=${sort}&page=${page + 1}&after=${answer.nextCursor}`;
      }
      expect(seen).toEqual(expected);
    },
  );

  it.each(['name', '-name'])(
    'pages through a search sorted by %s whose matches lie on both sides of the rows walked first, in order',
    async (sort) => {
      const made: { id: number; name: string }[] = [];
      for (let n = 1; n <= 30; n++) made.push(await createCustomer(database.db, { name: `Aa Bunchy ${n}` }));
      await database.db.execute(sql`
        INSERT INTO ${customers} (name, created_at)
        SELECT 'Ab Filler ' || n, now() FROM generate_series(1, ${BUNCHED_WALK_ROWS + 500}) AS n`);
      for (let n = 1; n <= 30; n++) made.push(await createCustomer(database.db, { name: `Zz Bunchy ${n}` }));
      const byName = (a: { id: number; name: string }, b: { id: number; name: string }) => {
        const [x, y] = [a.name.toLowerCase(), b.name.toLowerCase()];
        return x < y ? -1 : x > y ? 1 : a.id - b.id;
      };
      const expected = made.sort(byName).map((c) => c.id);
      if (sort === '-name') expected.reverse();
      const base = `/admin/api/customers?q=Bunchy&perPage=25&sort=${sort}`;

      queries.length = 0;
      const byCursor: number[] = [];
      for (let url = base, page = 1; page < 10; page++) {
        const answer = await list<{ id: number }>(url);
        byCursor.push(...answer.rows.map((r) => r.id));
        if (!answer.nextCursor) break;
        url = `${base}&page=${page + 1}&after=${answer.nextCursor}`;
      }
      expect(byCursor).toEqual(expected);
      // The matches past the walk were read through the search, not by walking on in name order.
      expect(queries.some((q) => /\|\| ''\) (asc|desc)/i.test(q.text))).toBe(true);

      const byNumber: number[] = [];
      for (let page = 1; page <= 3; page++)
        byNumber.push(...(await list<{ id: number }>(`${base}&page=${page}`)).rows.map((r) => r.id));
      expect(byNumber).toEqual(expected);
      await database.db.execute(sql`DELETE FROM ${customers} WHERE name LIKE 'Ab Filler %' OR name LIKE '% Bunchy %'`);
    },
  );

  it.each(['cancelledAt', '-cancelledAt'])(
    'pages through subscriptions sorted by %s and filtered by order date whose matches lie on both sides of the rows walked first, in order',
    async (sort) => {
      const customer = await createCustomer(database.db, { name: 'Bunched Canceller' });
      const other = await createCustomer(database.db, { name: 'Spread Canceller' });
      // Orders of January 2011, cancelled in February and in April; between them in cancellation order, more than a
      // walk's worth of cancellations of other orders, another customer's.
      const insert = (count: number, orderedAt: string, cancelledFrom: string, customerId = customer.id) =>
        database.db.execute(sql`
          INSERT INTO subscriptions (customer_id, carrier_id, price, status, ordered_at, cancelled_at)
          SELECT ${customerId}, 1, 10, 'cancelled', ${orderedAt}::timestamptz,
                 ${cancelledFrom}::timestamptz + n * interval '1 minute'
          FROM generate_series(1, ${count}) AS n RETURNING id, cancelled_at`) as unknown as Promise<{
          rows: { id: number; cancelled_at: string | Date }[];
        }>;
      const made = [
        ...(await insert(30, '2011-01-10T12:00:00Z', '2011-02-01T00:00:00Z')).rows,
        ...(await insert(30, '2011-01-10T12:00:00Z', '2011-04-01T00:00:00Z')).rows,
      ].map((r) => ({ id: r.id, key: new Date(r.cancelled_at).getTime() }));
      await insert(BUNCHED_WALK_ROWS + 500, '2012-06-01T12:00:00Z', '2011-03-01T00:00:00Z', other.id);
      const expected = inOrderOf(made, sort);
      const base = `/admin/api/subscriptions?from=2011-01-01&to=2011-01-31&sort=${sort}&perPage=25`;

      queries.length = 0;
      expect(await pagedIds(base)).toEqual(expected);
      // The matches past the walk were found through the order date's index and sorted, not by walking on.
      expect(queries.some((q) => /\+ interval '0 seconds'\) (asc|desc)/i.test(q.text))).toBe(true);
      const byNumber: number[] = [];
      for (let page = 1; page <= 3; page++)
        byNumber.push(...(await list<{ id: number }>(`${base}&page=${page}`)).rows.map((r) => r.id));
      expect(byNumber).toEqual(expected);

      // Searched by the customer's name, the matches past the walk come through the customer index, sorted.
      queries.length = 0;
      expect(await pagedIds(`/admin/api/subscriptions?q=bunched%20canceller&sort=${sort}&perPage=25`)).toEqual(
        expected,
      );
      expect(queries.some((q) => /= any\(array\(select "customers"\."id"/i.test(q.text))).toBe(true);
      await database.db.execute(sql`DELETE FROM subscriptions WHERE customer_id IN (${customer.id}, ${other.id})`);
    },
  );

  it.each(['cancelledAt', '-cancelledAt'])(
    "pages through a name's cancellations of one carrier sorted by %s when other carriers' lie between them, in order",
    async (sort) => {
      const customer = await createCustomer(database.db, { name: 'Farapart Canceller' });
      // The name's cancellations on carrier 2 in February and in April 2011; between them, more than a walk's worth
      // of the same name's on carrier 1.
      const insert = (count: number, carrierId: number, cancelledFrom: string) =>
        database.db.execute(sql`
          WITH made AS (
            INSERT INTO subscriptions (customer_id, carrier_id, price, status, ordered_at, cancelled_at)
            SELECT ${customer.id}, ${carrierId}, 10, 'cancelled', '2010-06-01T00:00:00Z',
                   ${cancelledFrom}::timestamptz + n * interval '1 minute'
            FROM generate_series(1, ${count}) AS n RETURNING id, cancelled_at)
          INSERT INTO subscription_cancellations (subscription_id, cancelled_at, is_return)
          SELECT id, cancelled_at, false FROM made RETURNING id, cancelled_at`) as unknown as Promise<{
          rows: { id: number; cancelled_at: string | Date }[];
        }>;
      const made = [
        ...(await insert(30, 2, '2011-02-01T00:00:00Z')).rows,
        ...(await insert(30, 2, '2011-04-01T00:00:00Z')).rows,
      ].map((r) => ({ id: r.id, key: new Date(r.cancelled_at).getTime() }));
      await insert(BUNCHED_WALK_ROWS + 500, 1, '2011-03-01T00:00:00Z');
      const base = `/admin/api/subscription-cancellations?q=farapart&carrierId=2&sort=${sort}&perPage=25`;

      queries.length = 0;
      expect(await pagedIds(base)).toEqual(inOrderOf(made, sort));
      expect(queries.some((q) => /\+ interval '0 seconds'\) (asc|desc)/i.test(q.text))).toBe(true);
      await database.db.execute(sql`DELETE FROM subscriptions WHERE customer_id = ${customer.id}`);
    },
  );

  it.each(['name', '-name'])(
    'pages through prospect visits searched and sorted by %s whose matches lie on both sides of the rows walked first, in order',
    async (sort) => {
      const model = await createProspect(database.db, { name: 'Model Visit', address: '1 Model Rd' });
      const copies = (count: number, name: string) =>
        database.db.execute(sql`
          INSERT INTO prospects (rep_id, created_by_id, name, address, city, state, zip, new_construction,
                                 prospect_action_id, offered_promotion, revenue)
          SELECT rep_id, created_by_id, ${name} || ' ' || lpad(n::text, 5, '0'), address, city, state, zip,
                 new_construction, prospect_action_id, offered_promotion, revenue
          FROM prospects, generate_series(1, ${count}) AS n WHERE id = ${model.id}
          RETURNING id, name`) as unknown as Promise<{ rows: { id: number; name: string }[] }>;
      const made = [...(await copies(30, 'Aa Pbunchy')).rows, ...(await copies(30, 'Zz Pbunchy')).rows];
      await copies(BUNCHED_WALK_ROWS + 500, 'Ab Pfiller');
      const expected = inOrderOf(
        made.map((m) => ({ id: m.id, key: m.name.toLowerCase() })),
        sort,
      );
      queries.length = 0;
      expect(await pagedIds(`/admin/api/prospects?q=pbunchy&perPage=25&sort=${sort}`)).toEqual(expected);
      expect(queries.some((q) => /\|\| ''\) (asc|desc)/i.test(q.text))).toBe(true);
      await database.db.execute(sql`DELETE FROM prospects WHERE name LIKE 'A_ P%' OR name LIKE 'Zz P%'`);
    },
  );

  // Sorted by cancellation date the list holds cancelled subscriptions only: asked for active ones too, it walked
  // every cancellation for a match that never came (2–4 s at a million customers).
  it.each(['cancelledAt', '-cancelledAt'])(
    'answers active subscriptions sorted by %s with none, from the filter alone, reading no row',
    async (sort) => {
      await seedEveryList();
      for (const query of await rowQueriesOf(`/admin/api/subscriptions?status=active&carrierId=1&sort=${sort}`))
        expect(JSON.stringify(await explain(query, BY_INDEX_ALONE)), query.text).toContain('"One-Time Filter":"false"');
      expect((await list(`/admin/api/subscriptions?status=active&sort=${sort}`)).rows).toEqual([]);
    },
  );

  it.each(['-createdAt', 'createdAt'])(
    'pages through a rare full name sorted by %s when a walk of the list would not reach its bearers soon, in order',
    async (sort) => {
      const insert = (count: number, name: string, from: string) =>
        database.db.execute(sql`
          INSERT INTO ${customers} (name, created_at)
          SELECT ${name}, ${from}::timestamptz + n * interval '1 second' FROM generate_series(1, ${count}) AS n
          RETURNING id, created_at`) as unknown as Promise<{ rows: { id: number; created_at: string | Date }[] }>;
      const made = [
        ...(await insert(30, 'Hiroshi Seldomseen', '2001-01-01T00:00:00Z')).rows,
        ...(await insert(30, 'Hiroshi Seldomseen', '2001-03-01T00:00:00Z')).rows,
      ].map((r) => ({ id: r.id, key: new Date(r.created_at).getTime() }));
      await insert(BUNCHED_WALK_ROWS + 500, 'Often Seen', '2001-02-01T00:00:00Z');
      const base = `/admin/api/customers?q=hiroshi%20seldomseen&perPage=25&sort=${sort}`;
      queries.length = 0;
      // Other tests' customers were made now, after these: past them, a cursor reaches these the same way.
      const seen = await pagedIds(base);
      expect(seen.filter((id) => made.some((m) => m.id === id))).toEqual(inOrderOf(made, sort));
      expect(queries.some((q) => /\+ interval '0 seconds'\) (asc|desc)/i.test(q.text))).toBe(true);
      await database.db.execute(sql`DELETE FROM ${customers} WHERE name IN ('Hiroshi Seldomseen', 'Often Seen')`);
    },
  );

  /** The ids of a list read 25 at a time by cursor, as many pages as it has. */
  async function pagedIds(base: string): Promise<number[]> {
    const seen: number[] = [];
    for (let url = base, page = 1; page < 20; page++) {
      const answer = await list<{ id: number }>(url);
      seen.push(...answer.rows.map((r) => r.id));
      if (!answer.nextCursor) return seen;
      url = `${base}&page=${page + 1}&after=${answer.nextCursor}`;
    }
    return seen;
  }

  /** Ids ordered by a key then id, ascending, reversed for a descending sort. */
  const inOrderOf = <K extends string | number>(rows: { id: number; key: K }[], sort: string) => {
    const ids = [...rows].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.id - b.id)).map((r) => r.id);
    return sort.startsWith('-') ? ids.reverse() : ids;
  };

  it.each(['cancelledAt', '-cancelledAt'])(
    'pages through subscriptions sorted by %s, ties included, listing only those with a cancellation date',
    async (sort) => {
      const customer = await createCustomer(database.db, { name: `Cancelsort ${sort}` });
      const dates = ['2026-02-01T10:00:00.000001Z', '2026-02-03T10:00:00Z', '2026-02-02T10:00:00Z'];
      const made: { id: number; key: number }[] = [];
      // Ten at each of three moments, so that ties fall across the pages of 25; five active ones have no date.
      for (const at of dates)
        for (let i = 0; i < 10; i++) {
          const cancelledAt = new Date(at);
          const s = await createSubscription(database.db, {
            customerId: customer.id,
            status: 'cancelled',
            cancelledAt,
          });
          made.push({ id: s.id, key: cancelledAt.getTime() + (at.endsWith('1Z') ? 0.5 : 0) });
        }
      for (let i = 0; i < 5; i++) await createSubscription(database.db, { customerId: customer.id });
      const seen = await pagedIds(`/admin/api/subscriptions?q=${customer.id}&perPage=25&sort=${sort}`);
      expect(seen).toEqual(inOrderOf(made, sort));
    },
  );

  it.each(['name', '-name'])(
    'pages through prospect visits sorted by %s, a visit with no name by its address, ties included',
    async (sort) => {
      const word = sort === 'name' ? 'Visitup' : 'Visitdown';
      const made: { id: number; key: string }[] = [];
      for (const name of ['Zed', 'abel', 'Abel', '', 'ärger'])
        for (let i = 0; i < 6; i++) {
          const p = await createProspect(database.db, { name: name && `${name} ${word}`, address: `9 ${word} Rd` });
          made.push({ id: p.id, key: (p.name || p.address).toLowerCase() });
        }
      // Byte order of the lower-cased text, as the index holds it ("ä" after "z").
      const bytes = (text: string) => Buffer.from(text).toString('latin1');
      const expected = inOrderOf(
        made.map((m) => ({ ...m, key: bytes(m.key) })),
        sort,
      );
      expect(await pagedIds(`/admin/api/prospects?q=${word}&perPage=25&sort=${sort}`)).toEqual(expected);
    },
  );

  it.each(['weight', '-weight'])(
    'pages through parcels sorted by %s, ties and tenths of an ounce included',
    async (sort) => {
      const customer = await createCustomer(database.db);
      const weights = ['12.5', '9.0', '12.4', '100.0'];
      const result = (await database.db.execute(sql`
        INSERT INTO parcels (customer_id, direction, length, width, height, weight)
        SELECT ${customer.id}, 'to_customer', 1, 1, 1, (${`{${weights.join(',')}}`}::numeric[])[1 + n % 4]
        FROM generate_series(1, 40) AS n RETURNING id, weight::float8 AS weight`)) as unknown as {
        rows: { id: number; weight: number }[];
      };
      const made = result.rows.map((r) => ({ id: r.id, key: r.weight }));
      expect(await pagedIds(`/admin/api/parcels?customerId=${customer.id}&perPage=25&sort=${sort}`)).toEqual(
        inOrderOf(made, sort),
      );
    },
  );

  it('answers a parcels cursor that is not a weight with 422 and the reason', async () => {
    for (const key of ['12,5', 'heavy', Date.now() * 1000]) {
      const res = await agent.get(`/admin/api/parcels?sort=weight&after=${encodeCursor([key, 5])}`);
      expect(res.statusCode, String(key)).toBe(422);
      expect(res.json()).toMatchObject({ errors: { after: [CURSOR_MESSAGE] } });
    }
  });

  // Lists whose cursor key is null (id order), a text, or whose rows are completed after the page is read.
  it.each([
    '/admin/api/equipment?state=hold',
    '/admin/api/equipment?state=hold&sort=updatedAt',
    '/admin/api/devices?sort=id',
    '/admin/api/suppliers?sort=-name',
  ])('pages through %s by cursor as one long page reads it, with no row skipped or repeated', async (url) => {
    for (let i = 0; i < 30; i++) {
      await createEquipment(database.db, { state: 'hold' });
      await createDevice(database.db);
      await createSupplier(database.db);
    }
    const readAll = async (perPage: number) => {
      const seen: number[] = [];
      let next = `${url}&perPage=${perPage}`;
      for (let page = 1; page < 100; page++) {
        const answer = await list<{ id: number }>(next);
        seen.push(...answer.rows.map((r) => r.id));
        if (!answer.nextCursor) break;
        next = `${url}&perPage=${perPage}&page=${page + 1}&after=${answer.nextCursor}`;
      }
      return seen;
    };
    const whole = await readAll(100);
    expect(whole.length).toBeGreaterThanOrEqual(30);
    expect(new Set(whole).size).toBe(whole.length);
    expect(await readAll(25)).toEqual(whole);
  });

  it('answers a cursor made for another order, or an unknown sort, with 422 and the reason', async () => {
    const timeCursor = await agent.get(`/admin/api/customers?sort=name&after=${encodeCursor([Date.now() * 1000, 5])}`);
    expect(timeCursor.statusCode).toBe(422);
    expect(timeCursor.json()).toMatchObject({ errors: { after: [CURSOR_MESSAGE] } });
    const textCursor = await agent.get(`/admin/api/customers?after=${encodeCursor(['smith', 5])}`);
    expect(textCursor.statusCode).toBe(422);
    expect(textCursor.json()).toMatchObject({ errors: { after: [CURSOR_MESSAGE] } });
    for (const sort of ['email', '--name', 'name;drop', '']) {
      const res = await agent.get(`/admin/api/customers?sort=${encodeURIComponent(sort)}`);
      expect(res.statusCode, sort).toBe(422);
      expect(res.json()).toMatchObject({ errors: { sort: [expect.stringContaining('sort must be one of')] } });
    }
  });

  it('counts beyond the exact limit as an estimate, exactly on request, and refuses offsets past it', async () => {
    await database.db.execute(sql`
      INSERT INTO ${customers} (name, created_at)
      SELECT 'Bulk ' || n, now() - n * interval '1 second' FROM generate_series(1, ${EXACT_COUNT_LIMIT + 50}) AS n`);
    await database.db.execute(sql`ANALYZE ${customers}`);
    const counted = (await database.db.execute(sql`SELECT count(*)::int AS n FROM ${customers}`)) as unknown as {
      rows: [{ n: number }];
    };
    const n = counted.rows[0].n;

    const estimated = await list('/admin/api/customers');
    expect(estimated.estimated).toBe(true);
    expect(estimated.total).toBeGreaterThan(EXACT_COUNT_LIMIT);
    expect(estimated.nextCursor).toEqual(expect.any(String));

    const exact = await list('/admin/api/customers?exact=1');
    expect(exact).toMatchObject({ estimated: false, total: n });

    const deep = await agent.get(`/admin/api/customers?page=${EXACT_COUNT_LIMIT / 25 + 1}`);
    expect(deep.statusCode).toBe(422);
    expect(deep.json()).toMatchObject({ errors: { page: [expect.stringContaining('reached with Next')] } });
  });

  it('counts a searched list exactly up to the search limit only, beyond it as an estimate, exactly on request', async () => {
    // 'Bulk 1', 'Bulk 10'–'Bulk 19', … 'Bulk 1000'–'Bulk 1999', 'Bulk 10000'–'Bulk 10050'.
    const matching = 1 + 10 + 100 + 1000 + 51;
    expect(matching).toBeGreaterThan(SEARCH_COUNT_LIMIT);
    queries.length = 0;
    const estimated = await list('/admin/api/customers?q=Bulk%201');
    // Counted, but only as far as the search limit.
    const counts = queries.filter((q) => /count\(/i.test(q.text));
    expect(counts).toHaveLength(1);
    expect(counts[0]!.params).toContain(SEARCH_COUNT_LIMIT + 1);
    expect(estimated.estimated).toBe(true);
    expect(estimated.total).toBeGreaterThan(SEARCH_COUNT_LIMIT);
    expect(await list('/admin/api/customers?q=Bulk%201&exact=1')).toMatchObject({ estimated: false, total: matching });
    // Below the limit a search is counted exactly.
    expect(await list('/admin/api/customers?q=Bulk%2012')).toMatchObject({ estimated: false, total: 1 + 10 + 100 });

    // A search the planner puts at twice the limit or more (every 'Bulk' row) reads no rows to count.
    queries.length = 0;
    const common = await list('/admin/api/customers?q=Bulk');
    expect(common.estimated).toBe(true);
    expect(common.total).toBeGreaterThanOrEqual(2 * SEARCH_COUNT_LIMIT);
    expect(queries.filter((q) => /count\(/i.test(q.text))).toEqual([]);
  });

  it('keeps finer planner statistics on the text columns a search matches, so its estimate can be trusted', async () => {
    // A column whose target was lost (set back to the default) gets it again at the next start.
    await database.db.execute(sql`ALTER TABLE customers ALTER COLUMN name SET STATISTICS -1`);
    await ensurePlannerStatistics(database.db);
    const targets = (await database.db.execute(sql`
      SELECT attrelid::regclass::text || '.' || attname AS "column", attstattarget::int AS target FROM pg_attribute
      WHERE attrelid IN ('customers'::regclass, 'prospects'::regclass) AND attstattarget > 0
      ORDER BY 1`)) as unknown as { rows: { column: string; target: number }[] };
    expect(targets.rows).toEqual(
      ['customers.name', 'prospects.address', 'prospects.city', 'prospects.name'].map((column) => ({
        column,
        target: STATISTICS_TARGET,
      })),
    );
  });

  it('exports a list page after page without counting its rows', async () => {
    queries.length = 0;
    const res = await agent.get('/admin/api/customers/export.csv?q=Bulk');
    expect(res.statusCode).toBe(200);
    expect(res.body.split('\n').length).toBeGreaterThan(EXACT_COUNT_LIMIT);
    expect(queries.filter((q) => /count\(/i.test(q.text))).toEqual([]);
  });

  it('exports a searched list in its order: one COPY on PostgreSQL, batches by cursor on the embedded database', async () => {
    const matching = 1 + 10 + 100 + 1000 + 51; // 'Bulk 1', 'Bulk 10'–'Bulk 19', … 'Bulk 10000'–'Bulk 10050'
    queries.length = 0;
    const exported = await exportedIds('/admin/api/customers/export.csv?q=Bulk%201');
    // COPY goes to a connection of its own, past the statements a request runs.
    const searches = queries.filter((q) => /ilike/i.test(q.text));
    expect(searches).toHaveLength(database.kind === 'pglite' ? Math.ceil(matching / EXPORT_BATCH) : 0);
    // The rows the list shows, in its order, page after page.
    const listed = await listedIds('/admin/api/customers?q=Bulk%201');
    expect(listed).toHaveLength(matching);
    expect(exported).toEqual(listed);
  });

  it.each([
    ['/admin/api/customers', 'Customer'],
    ['/admin/api/subscriptions', 'Customer'],
    ['/admin/api/subscription-cancellations', 'Customer'],
    ['/admin/api/prospects', 'Prospect'],
    ['/admin/api/suppliers', 'Supplier'],
  ])('exports the searched list %s?q=%s as its pages show it', async (path, q) => {
    for (let i = 0; i < 3; i++) {
      await createCancellation(database.db);
      await createProspect(database.db);
      await createSupplier(database.db);
    }
    const exported = await exportedIds(`${path}/export.csv?q=${q}`);
    const listed = await listedIds(`${path}?q=${q}`);
    expect(listed.length).toBeGreaterThanOrEqual(3);
    expect(exported).toEqual(listed);
  });

  it('takes an unfiltered list of twice the exact limit or more at the table estimate, reading no rows to count', async () => {
    await database.db.execute(sql`
      INSERT INTO ${customers} (name, created_at)
      SELECT 'More ' || n, now() - n * interval '1 second' FROM generate_series(1, ${EXACT_COUNT_LIMIT}) AS n`);
    await database.db.execute(sql`ANALYZE ${customers}`);
    queries.length = 0;
    const unfiltered = await list('/admin/api/customers');
    expect(unfiltered.estimated).toBe(true);
    expect(unfiltered.total).toBeGreaterThanOrEqual(2 * EXACT_COUNT_LIMIT);
    expect(queries.filter((q) => /count\(/i.test(q.text))).toEqual([]);

    // A filter's estimate can be far off, so a filtered list still counts, up to the limit.
    queries.length = 0;
    const filtered = await list('/admin/api/customers?q=More%2012');
    expect(queries.filter((q) => /count\(/i.test(q.text))).toHaveLength(1);
    expect(filtered.estimated).toBe(false);
  });

  it.each([
    ['not base64', '!!!'],
    ['not JSON', encodeURIComponent(btoa('nope'))],
    ['a negative id', encodeCursor([0, -1])],
    ['an id past int4', encodeCursor([0, 2 ** 31])],
    ['a fractional key', btoa('[1.5,3]').replace(/=+$/, '')],
    ['a text key where a time is read', btoa('["2026-01-01",3]').replace(/=+$/, '')],
    ['a NUL', encodeURIComponent('%00')],
    ['a huge text', 'A'.repeat(5000)],
  ])('answers a forged cursor (%s) with 422 and the reason', async (_, after) => {
    const res = await agent.get(`/admin/api/customers?after=${after}`);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ errors: { after: [CURSOR_MESSAGE] } });
  });

  it('answers a cursor from the far past or future with an empty or full page, never an error', async () => {
    await createDevice(database.db);
    for (const key of [-(2 ** 52), 2 ** 52, 0]) {
      const res = await agent.get(`/admin/api/customers?after=${encodeCursor([key, 1])}`);
      expect(res.statusCode).toBe(200);
    }
  });
});

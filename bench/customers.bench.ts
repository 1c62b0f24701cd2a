/**
 * Customer search (GET /admin/api/customers/search) on the bench data set: server time through the app for
 * 3-, 5- and 8-character queries, an id, a phone, an e-mail and the typo fallback, with the query plans of the
 * name steps. Target: p95 at most 20 ms for the 3-, 5- and 8-character queries and the id.
 */
import { desc, sql } from 'drizzle-orm';
import type { Db } from '../src/server/db/types';
import { customers } from '../src/server/db/schema';
import { customerEndpoints } from '../src/contract/customers';
import { measure, record, type BenchContext, type BenchTarget } from './support';

const TARGET_P95_MS = 20;

async function explain(db: Db, query: ReturnType<typeof sql>): Promise<string[]> {
  const res = (await db.execute(sql`EXPLAIN (ANALYZE, COSTS OFF) ${query}`)) as unknown as {
    rows: Record<string, string>[];
  };
  return res.rows.map((r) => Object.values(r)[0]!);
}

/** Name parts of the seed's name lists (Mark/Maria/Martin, William(s)/Miller/Phillips/Hill, Thompson, Williams). */
async function cases(db: Db) {
  const [sample] = await db
    .select({ id: customers.id, phone: customers.phone, email: customers.email })
    .from(customers)
    .orderBy(desc(customers.id))
    .limit(1)
    .offset(1000);
  if (!sample) throw new Error('The bench data set has no customers.');
  return [
    { query: '3 characters, a name start', q: 'mar', required: true },
    { query: '3 characters, inside names only', q: 'ill', required: true },
    { query: '5 characters', q: 'thomp', required: true },
    { query: '8 characters', q: 'williams', required: true },
    { query: 'customer id', q: String(sample.id), required: true },
    { query: 'full name', q: 'maria garcia', required: false },
    { query: 'phone', q: sample.phone ?? '', required: false },
    { query: 'e-mail', q: sample.email ?? '', required: false },
    { query: 'typo (fallback)', q: 'wiliams', required: false },
    { query: 'no match', q: 'xqzv', required: false },
  ].filter((c) => c.q.length >= 3);
}

async function measureTarget(target: BenchTarget) {
  const rows = [];
  for (const c of await cases(target.db)) {
    const url = `${customerEndpoints.search.path}?q=${encodeURIComponent(c.q)}`;
    const first = await target.agent.get(url);
    if (first.statusCode !== 200) throw new Error(`${url} answered ${first.statusCode}: ${first.body}`);
    const timing = await measure(() => target.agent.get(url), { warmup: 5, iterations: 100 });
    rows.push({
      db: target.kind,
      query: c.query,
      q: c.q,
      matches: (first.json() as unknown[]).length,
      ...timing,
      target: c.required
        ? timing.p95 <= TARGET_P95_MS
          ? `≤ ${TARGET_P95_MS} ms: met`
          : `≤ ${TARGET_P95_MS} ms: MISSED`
        : '',
    });
  }
  const plans = {
    prefix: await explain(
      target.db,
      sql`SELECT id, name FROM customers WHERE (lower(name) COLLATE "C") LIKE 'wil%' ORDER BY (lower(name) COLLATE "C"), id LIMIT 10`,
    ),
    part: await explain(target.db, sql`SELECT id, name FROM customers WHERE name ILIKE '%ill%' LIMIT 10`),
    likeness: await explain(
      target.db,
      sql`SELECT id, name FROM customers WHERE 'wiliams' <% name ORDER BY 'wiliams' <<-> name, id LIMIT 10`,
    ),
    exact: await explain(
      target.db,
      sql`SELECT id, name FROM customers WHERE id = 500000 OR phone = '6155550199' OR lower(email) = 'a@example.com' ORDER BY id LIMIT 10`,
    ),
  };
  return { rows, plans };
}

export default async function customersBench(ctx: BenchContext) {
  const rows = [];
  const plans: Record<string, unknown> = {};
  for await (const target of ctx.targets()) {
    const result = await measureTarget(target);
    rows.push(...result.rows);
    plans[target.kind] = result.plans;
  }
  record('customers', rows, { targetP95Ms: TARGET_P95_MS, plans });
}

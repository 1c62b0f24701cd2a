/**
 * The alert check (ADR 059) over 1,000 rules: every KPI tile and every fixed series of every trend chart in each
 * view a rule may watch, spread over the rules with random thresholds, all due at once. Times a whole run of the
 * check (each distinct figure read once, each rule's state written) with e-mails kept in memory, not sent.
 *
 * ALERTS_BENCH_RULES  rules checked (default 1000)
 */
import { eq, inArray } from 'drizzle-orm';
import { pino } from 'pino';
import { ALERT_VIEWS } from '../src/contract/notifications';
import { KPI_KEYS, STATS_ENDPOINTS, type StatsEndpoint } from '../src/contract/stats';
import { alertRules } from '../src/server/db/schema';
import { createStaffUser } from '../src/server/test/app';
import { checkAlerts } from '../src/server/modules/notifications';
import type { Mailer } from '../src/server/modules/mail';
import { ensureRollup } from '../src/server/modules/stats';
import { testConfig } from '../src/server/config';
import { measure, record, type BenchContext } from './support';

const RULES = Number(process.env.ALERTS_BENCH_RULES ?? 1000);
const timeZone = testConfig().BUSINESS_TIMEZONE;

/** Every figure a rule may watch, with the view it is read in. */
function figures(): { metric: string; view: string }[] {
  const kpis = KPI_KEYS.map((key) => ({ metric: `kpi:${key}`, view: 'monthly' }));
  const trends = (Object.keys(STATS_ENDPOINTS) as StatsEndpoint[]).flatMap((endpoint) => {
    const { fields, views } = STATS_ENDPOINTS[endpoint];
    if (typeof fields === 'string') return [];
    return views
      .filter((v) => (ALERT_VIEWS as readonly string[]).includes(v))
      .flatMap((view) => fields.map((field) => ({ metric: `trend:${endpoint}:${field}`, view })));
  });
  return [...kpis, ...trends];
}

export default async function alerts(ctx: BenchContext) {
  const rows: Record<string, unknown>[] = [];
  for await (const target of ctx.targets()) {
    const { db } = target;
    await ensureRollup(db, timeZone);
    const owner = await createStaffUser(db, { role: 'analyst' });
    const all = figures();
    const values = Array.from({ length: RULES }, (_, i) => ({
      ownerId: owner.id,
      ...all[i % all.length]!,
      label: `Bench rule ${i}`,
      condition: (['above', 'below', 'change'] as const)[i % 3]!,
      threshold: 1 + (i % 50),
      frequency: 'hourly',
    }));
    const ids = (await db.insert(alertRules).values(values).returning({ id: alertRules.id })).map((r) => r.id);
    let mails = 0;
    const mailer: Mailer = {
      transport: 'outbox',
      send: async () => ({ messageId: String(++mails), sent: true }),
    };
    const deps = {
      db,
      mailer,
      timeZone,
      origin: 'http://127.0.0.1',
      secret: async () => 'x'.repeat(40),
      now: Date.now,
      log: pino({ level: 'silent' }),
    };
    const due = () => db.update(alertRules).set({ nextCheckAt: new Date(0) }).where(inArray(alertRules.id, ids));
    const timing = await measure(
      async () => {
        await due();
        await checkAlerts(deps, new AbortController().signal);
      },
      { warmup: 1, iterations: 3 },
    );
    rows.push({ target: target.kind, rules: RULES, figures: all.length, mails, ...timing });
    console.log(`${target.kind}: ${RULES} rules over ${all.length} figures: p50 ${timing.p50} ms (${mails} e-mails)`);
    await db.delete(alertRules).where(eq(alertRules.ownerId, owner.id));
  }
  record('alerts', rows);
}

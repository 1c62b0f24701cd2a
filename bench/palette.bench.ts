/**
 * The command palette's server calls on the bench data set: what it asks for each kind of text typed — a customer
 * name, phone or e-mail (GET /admin/api/customers/search) and a device's IMEI (whole or its last 4 or 6 digits),
 * SIM or phone (GET /admin/api/devices, 8 rows) — timed through the app. Target: p95 at most 30 ms for every call.
 */
import { desc, isNotNull } from 'drizzle-orm';
import { customers, devices } from '../src/server/db/schema';
import { customerEndpoints } from '../src/contract/customers';
import { devicesEndpoints } from '../src/contract/devices';
import { measure, recordWithScaleRatio, type BenchContext, type BenchTarget } from './support';

const TARGET_P95_MS = 30;

const formatted = (phone: string) => `(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`;

async function cases(target: BenchTarget) {
  const [customer] = await target.db
    .select({ phone: customers.phone, email: customers.email })
    .from(customers)
    .where(isNotNull(customers.phone))
    .orderBy(desc(customers.id))
    .limit(1)
    .offset(500);
  const [device] = await target.db
    .select({ imei: devices.imei, sim: devices.sim, phone: devices.phone })
    .from(devices)
    .where(isNotNull(devices.imei))
    .orderBy(desc(devices.id))
    .limit(1)
    .offset(500);
  if (!customer || !device?.imei) throw new Error('The bench data set has no customers or devices.');
  const search = (q: string) => `${customerEndpoints.search.path}?q=${encodeURIComponent(q)}`;
  const lookUp = (q: string) => `${devicesEndpoints.list.path}?perPage=8&q=${encodeURIComponent(q)}`;
  return [
    { call: 'customer name (5 characters)', url: search('thomp') },
    { call: 'customer phone, formatted', url: search(formatted(customer.phone!)) },
    { call: 'customer e-mail', url: search(customer.email ?? '') },
    { call: 'device, whole IMEI', url: lookUp(device.imei) },
    { call: 'device, last 4 IMEI digits', url: lookUp(device.imei.slice(-4)) },
    { call: 'device, last 6 IMEI digits', url: lookUp(device.imei.slice(-6)) },
    { call: 'device, SIM', url: lookUp(device.sim) },
    ...(device.phone ? [{ call: 'device, phone formatted', url: lookUp(formatted(device.phone)) }] : []),
  ];
}

export default async function paletteBench(ctx: BenchContext) {
  const rows: Record<string, unknown>[] = [];
  for await (const target of ctx.targets()) {
    for (const c of await cases(target)) {
      const first = await target.agent.get(c.url);
      if (first.statusCode !== 200) throw new Error(`${c.url} answered ${first.statusCode}: ${first.body}`);
      const body = first.json() as unknown[] | { rows: unknown[] };
      const timing = await measure(() => target.agent.get(c.url), { warmup: 5, iterations: 100 });
      rows.push({
        db: target.kind,
        call: c.call,
        found: Array.isArray(body) ? body.length : body.rows.length,
        ...timing,
        target: timing.p95 <= TARGET_P95_MS ? `≤ ${TARGET_P95_MS} ms: met` : `≤ ${TARGET_P95_MS} ms: MISSED`,
      });
    }
  }
  recordWithScaleRatio('palette', ctx, rows, 'p95', { targetP95Ms: TARGET_P95_MS });
}

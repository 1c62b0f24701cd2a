import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { Endpoint } from '../../../contract/endpoint';
import type { Db } from '../../db/types';
import type { Agent } from '../app';
import { HOSTILE_VALUES, inputsFor } from './inputs';
import { rowsOf } from '../../db/rows';

/**
 * The fuzz tier: calls generated from the endpoint table, sent by a signed-in Administrator. Passes only with
 * no 5xx and no row of any table changed by a request that was refused.
 */

export interface FuzzOptions {
  seed: number;
  requests: number;
  /** Stop early once this much time has passed. */
  timeLimitMs: number;
}

export interface FuzzCall {
  method: Endpoint['method'];
  url: string;
  payload?: string;
  headers: Record<string, string>;
}

export interface FuzzReport {
  seed: number;
  requests: number;
  byStatus: Record<number, number>;
  serverErrors: { call: string; status: number; body: string }[];
  changedByRejected: { call: string; status: number }[];
}

/**
 * Tables whose rows move on their own: sessions are touched by every request, rollups rebuild in the background,
 * and the sign-in throttle counts refused attempts by design.
 */
const UNWATCHED = ['sessions', 'login_throttle', 'fuzz_changes'];

/** Counts every row written to any watched table, so a refused request that changed something is caught. */
export async function watchChanges(db: Db): Promise<() => Promise<number>> {
  await db.execute(sql`CREATE TABLE IF NOT EXISTS fuzz_changes (n bigint NOT NULL)`);
  await db.execute(sql`INSERT INTO fuzz_changes SELECT 0 WHERE NOT EXISTS (SELECT 1 FROM fuzz_changes)`);
  await db.execute(sql`CREATE OR REPLACE FUNCTION fuzz_bump() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN UPDATE fuzz_changes SET n = n + 1; RETURN NULL; END $$`);
  const tables = await rowsOf<{ tablename: string }>(
    db,
    sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public'`,
  );
  const watch = (table: string, name: string, events: string, when = '') =>
    db.execute(
      sql.raw(`CREATE OR REPLACE TRIGGER ${name} AFTER ${events} ON "${table}" FOR EACH ROW ${when}
        EXECUTE FUNCTION fuzz_bump()`),
    );
  for (const { tablename } of tables) {
    if (UNWATCHED.includes(tablename) || tablename.startsWith('stats_')) continue;
    if (tablename !== 'audit_log') await watch(tablename, 'fuzz_watch', 'INSERT OR UPDATE OR DELETE');
    else {
      // A refused sign-in or permission must write its `auth.` entry (ADR 012); DELETE cannot test NEW, so it is apart.
      await watch(tablename, 'fuzz_watch', 'INSERT', `WHEN (NEW.action NOT LIKE 'auth.%')`);
      await watch(tablename, 'fuzz_watch_change', 'UPDATE OR DELETE');
    }
  }
  return async () => Number((await rowsOf<{ n: string }>(db, sql`SELECT n FROM fuzz_changes`))[0]!.n);
}

const text = (value: unknown) => (typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value));

/** Like encodeURIComponent, but a lone surrogate goes out as the raw bytes an attacker would send. */
const encodeComponent = (value: string) =>
  value.replace(/[\s\S]/gu, (ch) => {
    try {
      return encodeURIComponent(ch);
    } catch {
      const cp = ch.charCodeAt(0);
      const hex = (byte: number) => `%${byte.toString(16).toUpperCase()}`;
      return hex(0xed) + hex(0x80 | ((cp >> 6) & 0x3f)) + hex(0x80 | (cp & 0x3f));
    }
  });

function pathOf(e: Endpoint, params: unknown): string {
  return e.path.replace(/:([A-Za-z_]+)/g, (_m, name: string) => {
    const value = params && typeof params === 'object' ? (params as Record<string, unknown>)[name] : params;
    return encodeComponent(text(value ?? ''));
  });
}

function queryOf(query: unknown): string {
  if (query === undefined) return '';
  if (!query || typeof query !== 'object' || Array.isArray(query)) return `?q=${encodeComponent(text(query))}`;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, text(item));
  const qs = search.toString();
  return qs ? `?${qs}` : '';
}

const JSON_TYPE = { 'content-type': 'application/json' };

/** Calls built from the declared fields. */
const fieldCalls = (e: Endpoint) =>
  inputsFor(e).map(({ params, query, body }): FuzzCall => {
    const url = pathOf(e, params) + queryOf(query);
    const sendsBody = e.method !== 'GET' && e.method !== 'DELETE';
    return sendsBody
      ? { method: e.method, url, payload: JSON.stringify(body ?? {}), headers: JSON_TYPE }
      : { method: e.method, url, headers: {} };
  });

const RAW_BODIES: [string, string][] = [
  ['text/plain', 'hello'],
  ['application/xml', '<a>1</a>'],
  ['application/json', '{"a":'],
  ['application/json', '{"name":"a","name":"b","id":1,"id":"2"}'],
  ['application/json', '['.repeat(20_000) + ']'.repeat(20_000)],
  ['application/json', '"\u0000"'],
  ['application/json', 'null'],
  ['application/json', '12'],
  ['application/json; charset=utf-16', '{}'],
  ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--'],
  ['multipart/form-data', 'garbage'],
  ['application/x-www-form-urlencoded', 'a=1&a=2&b[c]=3&%00=%00'],
  ['application/json', JSON.stringify({ big: 'x'.repeat(1_100_000) })],
  ['', '{}'],
];

/** Calls that attack the transport: content types, broken or oversized bodies, odd spellings of the path. */
const transportCalls = (e: Endpoint) =>
  fc
    .record({
      params: fc.constantFrom<unknown>(1, 2, '1', 'x', ...HOSTILE_VALUES.slice(0, 20)),
      raw: fc.constantFrom(...RAW_BODIES),
      spelling: fc.constantFrom(
        (p: string) => p,
        (p: string) => p.replace('/admin', '/%61dmin'),
        (p: string) => p.replace('/admin', '//admin'),
        (p: string) => `${p};x=1`,
        (p: string) => `${p}/`,
        (p: string) => `${p}%`,
        (p: string) => `${p}%E0%A4%A`,
        (p: string) => `${p}?${'a='.repeat(5000)}`,
        (p: string) => p.replace(/[^/]+$/, 'x'.repeat(5000)),
      ),
    })
    .map(({ params, raw, spelling }): FuzzCall => {
      const url = spelling(pathOf(e, params));
      return { method: e.method, url, payload: raw[1], headers: raw[0] ? { 'content-type': raw[0] } : {} };
    });

export async function fuzz(agent: Agent, db: Db, endpoints: Endpoint[], options: FuzzOptions): Promise<FuzzReport> {
  const changes = await watchChanges(db);
  const report: FuzzReport = { seed: options.seed, requests: 0, byStatus: {}, serverErrors: [], changedByRejected: [] };
  const calls = fc.oneof(
    ...endpoints.map((e) =>
      fc.oneof({ weight: 4, arbitrary: fieldCalls(e) }, { weight: 1, arbitrary: transportCalls(e) }),
    ),
  );
  const started = Date.now();
  const batch = 200;
  for (let round = 0; report.requests < options.requests && Date.now() - started < options.timeLimitMs; round++) {
    const size = Math.min(batch, options.requests - report.requests);
    for (const call of fc.sample(calls, { seed: options.seed + round, numRuns: size })) {
      const before = await changes();
      const res = await agent.request(call.method, call.url, call.payload, call.headers);
      report.requests += 1;
      report.byStatus[res.statusCode] = (report.byStatus[res.statusCode] ?? 0) + 1;
      const label = `${call.method} ${call.url.slice(0, 200)} ${call.headers['content-type'] ?? ''} ${call.payload?.slice(0, 200) ?? ''}`;
      if (res.statusCode >= 500)
        report.serverErrors.push({ call: label, status: res.statusCode, body: res.body.slice(0, 300) });
      if (res.statusCode >= 400 && (await changes()) !== before)
        report.changedByRejected.push({ call: label, status: res.statusCode });
      if (Date.now() - started >= options.timeLimitMs) break;
    }
  }
  return report;
}

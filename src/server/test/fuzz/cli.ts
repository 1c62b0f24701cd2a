import { parseArgs } from 'node:util';
import { ENDPOINTS } from '../../../contract/endpoints';
import { generate } from '../../seed/generate';
import { createTestApp } from '../app';
import { fuzz } from './fuzz';

/**
 * `npm run fuzz -- --requests 100000 [--seed N] [--minutes M]`: a long fuzz run on a fresh database (in-memory
 * PGlite, or a new database on DATABASE_URL's server) loaded with the demo data. Prints the answers by status
 * and every distinct server error; exits 1 if there was any server error or a refused call changed a row.
 */
async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      requests: { type: 'string', default: '10000' },
      seed: { type: 'string', default: String(Math.floor(Math.random() * 2 ** 31)) },
      minutes: { type: 'string', default: '60' },
    },
  });
  const [requests, seed, minutes] = [Number(values.requests), Number(values.seed), Number(values.minutes)];
  if (![requests, seed, minutes].every((n) => Number.isSafeInteger(n) && n > 0)) {
    console.error('usage: npm run fuzz -- [--requests N] [--seed N] [--minutes M]');
    return 2;
  }
  const t = await createTestApp({ LOG_LEVEL: 'silent' });
  try {
    await generate(t.db, { scale: 'demo', seed: 3, timeZone: 'America/Chicago' });
    const agent = await t.signIn();
    const endpoints = ENDPOINTS.filter((e) => e.path !== '/admin/logout');
    console.error(`Fuzzing ${endpoints.length} endpoints with seed ${seed}, up to ${requests} requests...`);
    const started = Date.now();
    const report = await fuzz(agent, t.db, endpoints, { seed, requests, timeLimitMs: minutes * 60_000 });
    const seconds = (Date.now() - started) / 1000;
    console.log(`${report.requests} requests in ${seconds.toFixed(0)} s (seed ${seed})`);
    for (const [status, n] of Object.entries(report.byStatus)) console.log(`  ${status}: ${n}`);
    const distinct = new Map(
      report.serverErrors.map((e) => [`${e.call.split(' ').slice(0, 2).join(' ')} ${e.body}`, e]),
    );
    console.log(`5xx: ${report.serverErrors.length} (${distinct.size} distinct)`);
    for (const e of distinct.values()) console.log(`  ${e.status} ${e.call}\n      ${e.body}`);
    console.log(`refused calls that changed rows: ${report.changedByRejected.length}`);
    for (const c of report.changedByRejected.slice(0, 50)) console.log(`  ${c.status} ${c.call}`);
    return report.serverErrors.length || report.changedByRejected.length ? 1 : 0;
  } finally {
    await t.close();
  }
}

process.exit(await main());

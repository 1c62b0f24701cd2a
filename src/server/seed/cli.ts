import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { runCli } from '../cli/run';
import { progressBar } from './progress-bar';
import { DEFAULT_SEED, generate, hasCustomers, SCALES, type Scale } from './generate';
import { ensureReferenceData } from './reference';
import { ensureRollup } from '../modules/stats/stats.rollup';
import { sql } from 'drizzle-orm';

/** `npm run seed -- [--scale demo|large] [--seed N]`: loads generated history into an empty database. */
async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { scale: { type: 'string', default: 'demo' }, seed: { type: 'string', default: String(DEFAULT_SEED) } },
  });
  const scale = values.scale as Scale;
  const seed = Number(values.seed);
  if (!(scale in SCALES) || !Number.isSafeInteger(seed)) {
    console.error(`usage: npm run seed -- [--scale ${Object.keys(SCALES).join('|')}] [--seed <integer>]`);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await ensureReferenceData(database.db);
    if (await hasCustomers(database.db)) {
      const where = config.DATABASE_URL ? 'DATABASE_URL' : `DATA_DIR (${config.DATA_DIR})`;
      console.error(
        `The database already has customers; the seed only loads into an empty one. Point ${where} at an empty database.`,
      );
      return 1;
    }
    const { customers, years } = SCALES[scale];
    console.error(
      `Generating the ${scale} history (${customers.toLocaleString('en-US')} customers, ${years} years, seed ${seed}) into ${database.kind}...`,
    );
    // The rollup triggers go in first, so the bulk loads keep the rollup current and the server's first start
    // finds it built instead of counting every row before its first stats answer.
    await ensureRollup(database.db, config.BUSINESS_TIMEZONE);
    const bar = progressBar(process.stderr);
    const result = await generate(database.db, {
      scale,
      seed,
      timeZone: config.BUSINESS_TIMEZONE,
      onProgress: bar.update,
      onStep: bar.step,
    });
    // Fresh tables have no planner statistics and no visibility map until autovacuum reaches them: without
    // them the planner guesses, list counts estimate nothing and index-only scans read the table anyway.
    console.error('Vacuuming and analyzing the tables...');
    await database.db.execute(sql`VACUUM ANALYZE`);
    for (const [table, rows] of Object.entries(result.rows))
      console.log(`${table.padEnd(28)} ${rows.toLocaleString('en-US').padStart(12)}`);
    console.log(
      `${result.total.toLocaleString('en-US')} rows in ${result.seconds.toFixed(1)} s (${Math.round(result.total / result.seconds).toLocaleString('en-US')} rows/s)`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

runCli(main);

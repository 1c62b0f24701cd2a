import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { generate, hasCustomers } from './generate';

/** On an empty database (no customers), loads the demo history so every screen and chart has something to show. */
export async function loadDemoDataIfEmpty(db: Db, log: FastifyBaseLogger, timeZone: string): Promise<void> {
  if (await hasCustomers(db)) return;
  log.info('empty database: loading demo data');
  const { total, seconds } = await generate(db, { scale: 'demo', timeZone });
  log.info(
    { rows: total, seconds: Number(seconds.toFixed(2)) },
    `demo data loaded: ${total} rows in ${seconds.toFixed(1)} s`,
  );
}

/**
 * CSV exports over real HTTP: every customer and every subscription, read as a browser would (streamed, counted,
 * not kept), with the rate in rows/s and the server's heap growth while it streams (it must not hold the file).
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../src/server/app';
import { testConfig } from '../src/server/config';
import { createStaffUser, spaShell } from '../src/server/test/app';
import { Session } from '../src/server/test/http-session';
import { customerEndpoints } from '../src/contract/customers';
import { subscriptionEndpoints } from '../src/contract/subscriptions';
import { benchDatabase, record, type BenchContext } from './support';

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

export default async function exportBench(ctx: BenchContext): Promise<void> {
  const rows: Record<string, unknown>[] = [];
  for await (const target of ctx.targets()) {
    const database = benchDatabase(target);
    const app = await buildApp(testConfig({ LOGIN_RATE_LIMIT: 100_000 }), { database, webDir: spaShell() });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const user = await createStaffUser(target.db);
    const session = new Session(base);
    await session.signIn(user.email, user.password);
    try {
      for (const [call, path] of [
        ['customers', customerEndpoints.export.path],
        ['subscriptions', subscriptionEndpoints.export.path],
      ] as const) {
        global.gc?.();
        const heapBefore = process.memoryUsage().heapUsed;
        let heapPeak = heapBefore;
        const sampler = setInterval(() => (heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed)), 50);
        const started = performance.now();
        // Uncompressed, to count the rows: decompressing here would take the loop the server's export shares.
        const res = await session.fetch(path, { 'accept-encoding': 'identity' });
        let bytes = 0;
        let lines = 0;
        for await (const chunk of res.body as unknown as AsyncIterable<Buffer>) {
          bytes += chunk.length;
          // indexOf, not a loop over each byte: the client shares the server's event loop, whose busy share an
          // export waits on (yield-to-requests.ts), so a slow count here slowed the export it measures.
          for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
        }
        const seconds = (performance.now() - started) / 1000;
        clearInterval(sampler);
        // As a browser receives it: brotli, the bytes taken as they come and not decoded.
        const compressed = await session.get(path);
        rows.push({
          db: target.kind,
          export: call,
          status: res.status,
          rows: lines - 1,
          MB: mb(bytes),
          seconds: Math.round(seconds * 10) / 10,
          'rows/s': Math.round((lines - 1) / seconds),
          'seconds, brotli': Math.round(compressed.ms / 100) / 10,
          'heap growth MB': mb(heapPeak - heapBefore),
        });
      }
    } finally {
      await app.close();
    }
  }
  record('export', rows, { scale: ctx.scale, loadAverage: os.loadavg() });
}

// One back-office server process for the mixed-load bench: the real server (src/server/main.ts) plus a record of
// its event-loop delay. SIGUSR2 starts a fresh record (the load begins); on exit the record is written as JSON to
// EVENT_LOOP_REPORT, so the bench can tell how long any request waited behind another one.
import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { register } from 'tsx/esm/api';

const delay = monitorEventLoopDelay({ resolution: 5 });
delay.enable();
process.on('SIGUSR2', () => delay.reset());
process.on('exit', () => {
  const ms = (ns) => Math.round((ns / 1e6) * 100) / 100;
  const report = { p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max) };
  if (process.env.EVENT_LOOP_REPORT) fs.writeFileSync(process.env.EVENT_LOOP_REPORT, JSON.stringify(report));
});
register();
await import('../src/server/main.ts');

// One back-office server process for the mixed-load bench: the real server (src/server/main.ts) plus a record of
// its event-loop delay. SIGUSR2 starts a fresh record (the load begins); on exit the record is written as JSON to
// EVENT_LOOP_REPORT, so the bench can tell how long any request waited behind another one.
import fs from 'node:fs';
import { Session } from 'node:inspector';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { register } from 'tsx/esm/api';

const delay = monitorEventLoopDelay({ resolution: 5 });
delay.enable();
process.on('SIGUSR2', () => delay.reset());

// BENCH_CPU_PROFILE=<file>: a CPU profile of the measured load (from SIGUSR2 to SIGTERM), for Chrome's profiler.
const profileFile = process.env.BENCH_CPU_PROFILE;
if (profileFile) {
  const inspector = new Session();
  inspector.connect();
  inspector.post('Profiler.enable');
  process.on('SIGUSR2', () => inspector.post('Profiler.start'));
  process.prependListener('SIGTERM', () =>
    inspector.post('Profiler.stop', (error, { profile }) => {
      if (!error) fs.writeFileSync(`${profileFile}.${process.pid}.cpuprofile`, JSON.stringify(profile));
    }),
  );
}
process.on('exit', () => {
  const ms = (ns) => Math.round((ns / 1e6) * 100) / 100;
  const report = { p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max) };
  if (process.env.EVENT_LOOP_REPORT) fs.writeFileSync(process.env.EVENT_LOOP_REPORT, JSON.stringify(report));
});
register();
await import('../src/server/main.ts');

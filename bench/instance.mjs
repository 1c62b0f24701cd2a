// One back-office server process for the mixed-load bench: the real server (src/server/main.ts) plus a record of
// its event-loop delay and utilisation. SIGUSR2 starts a fresh record (the load begins); on exit the record is
// written as JSON to EVENT_LOOP_REPORT, so the bench can tell how long any request waited behind another one.
import fs from 'node:fs';
import { Session } from 'node:inspector';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { register } from 'tsx/esm/api';

const delay = monitorEventLoopDelay({ resolution: 5 });
delay.enable();
// How busy the loop was over the load (1 = never idle: requests queue behind each other however short each is).
let busySince = performance.eventLoopUtilization();
process.on('SIGUSR2', () => {
  delay.reset();
  busySince = performance.eventLoopUtilization();
});

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
  const report = {
    p50: ms(delay.percentile(50)),
    p99: ms(delay.percentile(99)),
    max: ms(delay.max),
    utilization: Math.round(performance.eventLoopUtilization(busySince).utilization * 100) / 100,
  };
  if (process.env.EVENT_LOOP_REPORT) fs.writeFileSync(process.env.EVENT_LOOP_REPORT, JSON.stringify(report));
});
register();
await import('../src/server/main.ts');

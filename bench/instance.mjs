// One back-office server process for the mixed-load bench: the real server (src/server/main.ts) plus a record of
// its event-loop delay and utilisation. SIGUSR2 starts a fresh record (the load begins); on exit the record is
// written as JSON to EVENT_LOOP_REPORT, so the bench can tell how long any request waited behind another one.
import fs from 'node:fs';
import { Session } from 'node:inspector';
import { monitorEventLoopDelay, performance, PerformanceObserver, constants } from 'node:perf_hooks';
import { register } from 'tsx/esm/api';

// The histogram records the time between two ticks of a timer firing every `RESOLUTION_MS`, so an idle loop shows
// RESOLUTION_MS itself: a request waited the recorded figure less that period (within RESOLUTION_MS).
const RESOLUTION_MS = 1;
const delay = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
delay.enable();
// The longest garbage collection pause, and how many passed 10 ms: a delay the code's own work does not explain.
const GC_KINDS = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'scavenge',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'mark-compact',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental marking',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak callbacks',
};
let gc = { max: 0, kind: '', over10: 0 };
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (entry.duration > 10) gc.over10++;
    if (entry.duration > gc.max) gc = { ...gc, max: entry.duration, kind: GC_KINDS[entry.detail?.kind] ?? 'other' };
  }
}).observe({ entryTypes: ['gc'] });
// How many delays passed the goal of 20 ms. Where the kernel tells it (Linux: the main thread's schedstat, on-CPU
// and run-queue nanoseconds), each delay is also split into the loop's own work and the time the thread was ready
// but had no core: on a 2-core machine that also runs PostgreSQL and the load, a wait for a core is not a request
// waiting behind another one. So: the longest stretch on CPU, the longest delay's wait for a core, and how many of
// the delays over the goal the loop's own work made that long.
const GOAL_MS = 20;
const schedstat = `/proc/${process.pid}/task/${process.pid}/schedstat`;
const hasSched = fs.existsSync(schedstat);
const readSched = hasSched ? () => fs.readFileSync(schedstat, 'utf8').split(' ').map(Number) : () => [NaN, NaN];
const noSplit = () => ({ onCpu: 0, longest: 0, longestWaitingForCore: 0, overGoal: 0, overGoalOnCpu: 0 });
let split = noSplit();
let tick = performance.now();
let sched = readSched();
setInterval(() => {
  const now = performance.now();
  const next = readSched();
  const gap = now - tick - RESOLUTION_MS;
  const onCpu = (next[0] - sched[0]) / 1e6;
  if (onCpu > split.onCpu) split = { ...split, onCpu };
  if (gap > split.longest) split = { ...split, longest: gap, longestWaitingForCore: (next[1] - sched[1]) / 1e6 };
  if (gap > GOAL_MS)
    split = { ...split, overGoal: split.overGoal + 1, overGoalOnCpu: split.overGoalOnCpu + Number(onCpu > GOAL_MS) };
  tick = now;
  sched = next;
}, RESOLUTION_MS).unref();
// How busy the loop was over the load (1 = never idle: requests queue behind each other however short each is).
let busySince = performance.eventLoopUtilization();
process.on('SIGUSR2', () => {
  delay.reset();
  gc = { max: 0, kind: '', over10: 0 };
  split = noSplit();
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
// The record ends when the bench stops the server, after the load: shutting down (closing the pool, the map
// worker, writing a profile) is no request's wait. Taken first among the SIGTERM listeners, written on exit.
let report;
process.prependListener('SIGTERM', () => {
  const ms = (ns) => Math.round(Math.max(0, ns / 1e6 - RESOLUTION_MS) * 100) / 100;
  report ??= {
    p50: ms(delay.percentile(50)),
    p99: ms(delay.percentile(99)),
    max: ms(delay.max),
    utilization: Math.round(performance.eventLoopUtilization(busySince).utilization * 100) / 100,
    gcMax: Math.round(gc.max * 100) / 100,
    gcMaxKind: gc.kind,
    gcOver10: gc.over10,
    overGoal: split.overGoal,
    ...(hasSched && {
      maxOnCpu: Math.round(split.onCpu * 100) / 100,
      longestWaitingForCore: Math.round(split.longestWaitingForCore * 100) / 100,
      overGoalOnCpu: split.overGoalOnCpu,
    }),
  };
});
process.on('exit', () => {
  if (report && process.env.EVENT_LOOP_REPORT) fs.writeFileSync(process.env.EVENT_LOOP_REPORT, JSON.stringify(report));
});
register();
await import('../src/server/main.ts');

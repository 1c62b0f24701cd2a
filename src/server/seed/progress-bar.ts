import type { Progress } from './generate';

const number = (n: number) => n.toLocaleString('en-US');
const BAR_WIDTH = 20;

function line(p: Progress, seconds: number): string {
  const tablePercent = p.tableTotal ? Math.floor((100 * p.tableRows) / p.tableTotal) : 100;
  const percent = p.total ? ((100 * p.rows) / p.total).toFixed(1) : '100.0';
  const rate = seconds > 0 ? Math.round(p.rows / seconds) : 0;
  const filled = p.total ? Math.round((BAR_WIDTH * p.rows) / p.total) : BAR_WIDTH;
  const bar = `[${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}]`;
  return `${bar} ${percent.padStart(5)}% ${p.table} ${number(p.tableRows)}/${number(p.tableTotal)} (${tablePercent}%), ${number(p.rows)}/${number(p.total)} rows, ${number(rate)} rows/s`;
}

/**
 * Shows generation progress on a stream: one line redrawn in place (at most ten times a second) on a terminal, or a
 * plain line per table and at most one a second otherwise (logs, CI).
 */
export function progressBar(stream: NodeJS.WriteStream) {
  const started = performance.now();
  let lastDraw = 0;
  let last: Progress | undefined;
  let drawn = false;
  const seconds = () => (performance.now() - started) / 1000;

  return {
    update(p: Progress) {
      const now = performance.now();
      const tableDone = p.tableRows >= p.tableTotal;
      last = p;
      if (stream.isTTY) {
        if (now - lastDraw < 100 && !tableDone) return;
        stream.write(`\r${line(p, seconds())}\x1b[K`);
        drawn = true;
      } else {
        if (now - lastDraw < 1000 && !tableDone) return;
        stream.write(`${line(p, seconds())}\n`);
      }
      lastDraw = now;
    },
    /** A step that writes no rows: leaves the last progress line on screen and names the step below it. */
    step(name: string) {
      if (stream.isTTY && drawn && last) stream.write(`\r${line(last, seconds())}\x1b[K\n`);
      drawn = false;
      stream.write(`${name}...\n`);
    },
  };
}

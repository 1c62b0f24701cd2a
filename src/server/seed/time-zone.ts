const DAY_MS = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall-clock time of `date` in `timeZone`, expressed as if it were UTC (ms). */
function wallClockMs(date: Date, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const p of formatterFor(timeZone).formatToParts(date)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

/** Days since 1970-01-01 of the calendar date `date` falls on in `timeZone`. */
export function dayNumberIn(date: Date, timeZone: string): number {
  return Math.floor(wallClockMs(date, timeZone) / DAY_MS);
}

/** Offset of `timeZone` from UTC at `date`, in ms (negative west of Greenwich). */
export function utcOffsetMs(date: Date, timeZone: string): number {
  return wallClockMs(date, timeZone) - Math.floor(date.getTime() / 1000) * 1000;
}

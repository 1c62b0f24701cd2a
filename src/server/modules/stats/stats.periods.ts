import { STATS_VIEWS, type StatsView } from '../../../contract/stats';

/*
 * Periods of a view, as calendar dates (no time of day): "today" is taken in the business time zone once, and the
 * rest is date arithmetic, so DST changes cannot shift a boundary. Weeks start on Monday.
 */

export type Grain = 'day' | 'week' | 'month' | 'year';
export const GRAIN_OF: Record<StatsView, Grain> = { daily: 'day', weekly: 'week', monthly: 'month', yearly: 'year' };

const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const ms = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** The calendar date of `now` in `timeZone`, 'YYYY-MM-DD'. */
// Building a DateTimeFormat costs far more than formatting with one: one per time zone, kept.
const dayFormats = new Map<string, Intl.DateTimeFormat>();

export function localDate(now: Date, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format.format(now);
}

export const addDays = (day: string, n: number) => iso(ms(day) + n * DAY_MS);

/** Calendar days from `from` to `to`, both counted. */
export const daysFromTo = (from: string, to: string) => Math.round((ms(to) - ms(from)) / DAY_MS) + 1;

/** First day of the period `day` falls in. */
export function periodStart(day: string, grain: Grain): string {
  if (grain === 'day') return day;
  if (grain === 'month') return `${day.slice(0, 7)}-01`;
  if (grain === 'year') return `${day.slice(0, 4)}-01-01`;
  const weekday = new Date(ms(day)).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

export function shift(start: string, grain: Grain, n: number): string {
  if (grain === 'day') return addDays(start, n);
  if (grain === 'week') return addDays(start, 7 * n);
  const d = new Date(ms(start));
  if (grain === 'month') return iso(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1));
  return iso(Date.UTC(d.getUTCFullYear() + n, 0, 1));
}

/** Last day of the period starting on `start`. */
export const periodEnd = (start: string, grain: Grain) => addDays(shift(start, grain, 1), -1);

/** How a period is named in a row: the day (days, weeks), 'YYYY-MM' or 'YYYY'. */
export function periodLabel(start: string, grain: Grain): string {
  if (grain === 'month') return start.slice(0, 7);
  if (grain === 'year') return start.slice(0, 4);
  return start;
}

/**
 * Period starts of a view, oldest first, ending with the period of `today`: its usual count, or `count` when given;
 * the yearly view runs from the year of `firstDay` (the first data; the current year when there is none).
 */
export function periodStarts(view: StatsView, today: string, firstDay: string | null, count?: number): string[] {
  const grain = GRAIN_OF[view];
  const last = periodStart(today, grain);
  // A row limit narrows a view, never widens it: "Past Year" is twelve months whatever the limit.
  const periods = STATS_VIEWS[view].periods;
  let n = periods === null ? count : Math.min(count ?? periods, periods);
  if (view === 'yearly') {
    const allTime = firstDay && firstDay < last ? Number(last.slice(0, 4)) - Number(firstDay.slice(0, 4)) + 1 : 1;
    n = Math.min(n ?? allTime, allTime);
  }
  return Array.from({ length: n! }, (_, i) => shift(last, grain, i - n! + 1));
}

/**
 * The periods of a grain that hold the days `from` through `to`, whole, oldest first; null when there are more than
 * `max` (counted no further, so a range of ten thousand years costs no more than one of `max` periods).
 */
export function periodStartsBetween(from: string, to: string, grain: Grain, max: number): string[] | null {
  const starts: string[] = [];
  for (let start = periodStart(from, grain); start <= to; start = shift(start, grain, 1)) {
    if (starts.length === max) return null;
    starts.push(start);
  }
  return starts;
}

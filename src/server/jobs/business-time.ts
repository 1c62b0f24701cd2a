/**
 * When a schedule is due, in the business time zone: "every day at 03:30", "every Monday at 08:00". Computed from
 * the zone's rules at each date, never as a fixed offset from UTC, so 08:00 stays 08:00 across a change to or
 * from summer time.
 */

/**
 * `at`: 'HH:MM' in the business time zone; `weekday`: 0 (Sunday) to 6, for a weekly schedule; `monthDay`: 1 to 28,
 * for a monthly one; `hourly`: every hour at `at`'s minutes (its hour is ignored).
 */
export interface BusinessSchedule {
  at: string;
  weekday?: number;
  monthDay?: number;
  hourly?: true;
}

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

const formats = new Map<string, Intl.DateTimeFormat>();
/** A formatter per zone, made once: making one costs a hundred times formatting with it. */
function formatIn(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format)
    formats.set(
      timeZone,
      (format = new Intl.DateTimeFormat('en-US', {
        timeZone,
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        hourCycle: 'h23',
      })),
    );
  return format;
}

/** The wall-clock fields of an instant in a time zone. */
function wallClock(at: number, timeZone: string) {
  const parts = Object.fromEntries(
    formatIn(timeZone)
      .formatToParts(at)
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute', number>;
  return parts;
}

/** How far the zone's wall clock is ahead of UTC at an instant. */
function offsetMs(at: number, timeZone: string): number {
  const w = wallClock(at, timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute) - Math.floor(at / 60_000) * 60_000;
}

/**
 * The instant a wall-clock time of a date has in the zone. A time the change to summer time skips is moved on by
 * the hour skipped (02:30 on that Sunday runs at 03:30, as Temporal's "compatible" reading); a time the change back
 * repeats is its first occurrence.
 */
function zonedInstant(date: { year: number; month: number; day: number }, at: string, timeZone: string): number {
  const [, hh, mm] = TIME.exec(at)!;
  const wall = Date.UTC(date.year, date.month - 1, date.day, Number(hh), Number(mm));
  const before = wall - offsetMs(wall - DAY_MS / 2, timeZone);
  const after = wall - offsetMs(wall + DAY_MS / 2, timeZone);
  // Outside a change both are the same instant. In a repeated hour both exist: the earlier one. In a skipped
  // hour neither maps back to `wall`: the later instant is the time moved on by the hour skipped.
  const maps = (t: number) => Date.UTC(...fieldsOf(wallClock(t, timeZone))) === wall;
  if (maps(before) && maps(after)) return Math.min(before, after);
  if (maps(before)) return before;
  if (maps(after)) return after;
  return Math.max(before, after);
}

const fieldsOf = (w: ReturnType<typeof wallClock>) => [w.year, w.month - 1, w.day, w.hour, w.minute] as const;

/** Refuses a schedule that is not 'HH:MM' with an optional weekday 0–6. */
export function checkSchedule(schedule: BusinessSchedule): void {
  if (!TIME.test(schedule.at)) throw new Error(`a schedule's time is HH:MM, not ${schedule.at}`);
  const { weekday } = schedule;
  if (weekday !== undefined && !(Number.isInteger(weekday) && weekday >= 0 && weekday <= 6))
    throw new Error(`a schedule's weekday is 0 (Sunday) to 6, not ${weekday}`);
  const { monthDay } = schedule;
  if (monthDay !== undefined && !(Number.isInteger(monthDay) && monthDay >= 1 && monthDay <= 28))
    throw new Error(`a schedule's day of the month is 1 to 28 (every month has it), not ${monthDay}`);
}

/**
 * The instant of `at`'s minutes in the hour of the zone's wall clock that holds `now`, moved by `hours`. Zones a
 * half or three quarters of an hour off UTC keep their wall-clock minutes; across a change of offset an hourly
 * schedule may run twice or skip once, which an hourly job can bear.
 */
function hourlyInstant(schedule: BusinessSchedule, now: number, timeZone: string, hours: number): number {
  const minutes = Number(TIME.exec(schedule.at)![2]);
  const offset = offsetMs(now, timeZone);
  const wallHour = Math.floor((now + offset) / HOUR_MS) * HOUR_MS;
  return wallHour + minutes * 60_000 - offset + hours * HOUR_MS;
}

/** The due instants of a schedule around `now` (the business dates from the day before to as far as its period), in `direction`. */
function dueAround(schedule: BusinessSchedule, now: number, timeZone: string, direction: 1 | -1): number[] {
  if (schedule.hourly) return [-1, 0, 1].map((h) => hourlyInstant(schedule, now, timeZone, direction * h));
  const today = wallClock(now, timeZone);
  const instants: number[] = [];
  const days = schedule.monthDay === undefined ? 8 : 32;
  for (let d = -1; d <= days; d += 1) {
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day) + direction * d * DAY_MS);
    if (schedule.weekday !== undefined && date.getUTCDay() !== schedule.weekday) continue;
    if (schedule.monthDay !== undefined && date.getUTCDate() !== schedule.monthDay) continue;
    const ymd = { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
    instants.push(zonedInstant(ymd, schedule.at, timeZone));
  }
  return instants;
}

/** The last instant at or before `now` at which the schedule was due. */
export function lastDue(schedule: BusinessSchedule, now: number, timeZone: string): number {
  return Math.max(...dueAround(schedule, now, timeZone, -1).filter((t) => t <= now));
}

/** The first instant after `now` at which the schedule is due. */
export function nextDue(schedule: BusinessSchedule, now: number, timeZone: string): number {
  return Math.min(...dueAround(schedule, now, timeZone, 1).filter((t) => t > now));
}

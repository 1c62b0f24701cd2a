import { dayNumberIn, utcOffsetMs } from './time-zone';

/*
 * The generator works in business-local days (days since 1970-01-01) and seconds of the day, and turns them into
 * instants only when writing: calendar arithmetic stays exact and cheap for tens of millions of rows.
 */

export const DAY_SECONDS = 86_400;

/** Year, month (1-12) and day of a day number (H. Hinnant's civil_from_days). */
export function civilFromDays(days: number): { year: number; month: number; day: number } {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day: doy - Math.floor((153 * mp + 2) / 5) + 1 };
}

export function daysFromCivil(year: number, month: number, day: number): number {
  return Date.UTC(year, month - 1, day) / (DAY_SECONDS * 1000);
}

/** The same day of the month `months` later, clamped to the month's end like PostgreSQL's `+ interval '1 month'`. */
export function addMonths(days: number, months: number): number {
  const { year, month, day } = civilFromDays(days);
  const total = year * 12 + month - 1 + months;
  const y = Math.floor(total / 12);
  const m = (total % 12) + 1;
  const lastDay = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return daysFromCivil(y, m, Math.min(day, lastDay));
}

/** 0 Sunday … 6 Saturday. */
export function weekday(days: number): number {
  return (((days + 4) % 7) + 7) % 7;
}

/** "Now" and "today" in the business time zone, and local day + time → UTC instant (epoch seconds). */
export class BusinessClock {
  readonly nowSec: number;
  readonly today: number;
  private readonly offsets = new Map<number, number>();

  constructor(
    readonly timeZone: string,
    now: Date,
  ) {
    this.nowSec = Math.floor(now.getTime() / 1000);
    this.today = dayNumberIn(now, timeZone);
  }

  /**
   * The offset is taken at noon UTC of the day, which is after the 2 a.m. switch in every US zone; times generated
   * from 03:00 on therefore never land in a skipped or repeated hour.
   */
  private offsetSec(day: number): number {
    let offset = this.offsets.get(day);
    if (offset === undefined) {
      offset = utcOffsetMs(new Date((day * DAY_SECONDS + DAY_SECONDS / 2) * 1000), this.timeZone) / 1000;
      this.offsets.set(day, offset);
    }
    return offset;
  }

  at(day: number, secondOfDay: number): number {
    return day * DAY_SECONDS + Math.floor(secondOfDay) - this.offsetSec(day);
  }

  /** Like `at`, for something that has happened: on today, never later than a minute ago. */
  past(day: number, secondOfDay: number): number {
    return Math.min(this.at(day, secondOfDay), this.nowSec - 60);
  }
}

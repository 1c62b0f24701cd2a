import { civilFromDays, weekday } from './calendar';
import { Random } from './random';

/**
 * Spreads n events over a range of days in proportion to a daily weight. Event i falls on the day where the cumulative
 * weight passes (i + ½) / n, so events come in date order (ids grow with time, as in a real database) and the day of
 * any event is known without generating the others.
 */
export class Timeline {
  private readonly cumulative: Float64Array;

  constructor(
    readonly firstDay: number,
    readonly lastDay: number,
    weightOf: (day: number) => number,
  ) {
    this.cumulative = new Float64Array(lastDay - firstDay + 1);
    let sum = 0;
    for (let d = firstDay; d <= lastDay; d++) this.cumulative[d - firstDay] = sum += weightOf(d);
    for (let i = 0; i < this.cumulative.length; i++) this.cumulative[i]! /= sum;
  }

  dayOf(i: number, n: number): number {
    const u = (i + 0.5) / n;
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.cumulative[mid]! > u) hi = mid;
      else lo = mid + 1;
    }
    return this.firstDay + lo;
  }

  /** The first of n events on or after `day` (n when there is none). */
  firstIndexOn(day: number, n: number): number {
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.dayOf(mid, n) >= day) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  /** Share of all events expected on `day`. */
  share(day: number): number {
    const i = day - this.firstDay;
    return this.cumulative[i]! - (i > 0 ? this.cumulative[i - 1]! : 0);
  }
}

// More orders in spring (tax refunds, new models) and around the holidays; quiet in January and midsummer.
const ORDER_SEASON = [0.85, 0.9, 1.1, 1.2, 1.15, 1.0, 0.9, 0.95, 0.95, 1.0, 1.3, 1.45];
const ORDER_WEEKDAY = [0.6, 1.15, 1.1, 1.05, 1.05, 1.0, 0.75];
// Reps knock on doors Monday to Saturday, less in winter.
const PROSPECT_SEASON = [0.6, 0.75, 1.0, 1.15, 1.2, 1.2, 1.1, 1.1, 1.05, 1.0, 0.85, 0.6];
const PROSPECT_WEEKDAY = [0, 1, 1, 1, 1, 0.9, 0.5];
const YEARLY_GROWTH = 1.28;
const DAY_NOISE_STREAM = 1;

function dailyWeight(seed: number, firstDay: number, season: number[], week: number[]) {
  const growthPerDay = Math.log(YEARLY_GROWTH) / 365.25;
  return (day: number) => {
    const noise = Math.exp(new Random(seed, DAY_NOISE_STREAM, day).normal(0, 0.22));
    return (
      Math.exp(growthPerDay * (day - firstDay)) * season[civilFromDays(day).month - 1]! * week[weekday(day)]! * noise
    );
  };
}

export const orderWeight = (seed: number, firstDay: number) => dailyWeight(seed, firstDay, ORDER_SEASON, ORDER_WEEKDAY);
export const prospectWeight = (seed: number, firstDay: number) =>
  dailyWeight(seed + 1, firstDay, PROSPECT_SEASON, PROSPECT_WEEKDAY);

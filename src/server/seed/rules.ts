import { RETURN_WINDOW_DAYS } from '../../contract/business';
import { dayNumberIn } from './time-zone';

/**
 * A cancellation is a 21-day return when it falls on the order's calendar day or up to 21 calendar days after it,
 * counted in the business time zone: ordered on the 1st, cancelled any time on the 22nd is a return; on the 23rd it is not.
 */
export function isWithinReturnWindow(orderedAt: Date, cancelledAt: Date, timeZone: string): boolean {
  return isReturnDay(dayNumberIn(cancelledAt, timeZone) - dayNumberIn(orderedAt, timeZone));
}

/** The same rule on calendar days already counted in the business time zone (0 = cancelled on the order's day). */
export function isReturnDay(daysAfterOrder: number): boolean {
  return daysAfterOrder <= RETURN_WINDOW_DAYS;
}

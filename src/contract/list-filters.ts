import { z } from './zod';
import { calendarDate } from './primitives';

/** A query string carries "" for a cleared filter; that means "no filter". */
export const filter = <T extends z.ZodType>(schema: T) =>
  z
    .preprocess((value: z.input<T> | '' | undefined) => (value === '' ? undefined : value), schema.optional())
    .optional();

/** A list's date range: business days (in the business time zone), `from` and `to` inclusive. */
export const dayRange = {
  from: filter(calendarDate('The from date must be a valid date.')),
  to: filter(calendarDate('The to date must be a valid date.')),
};

/** The refinement of a query with a dayRange: `to` may not come before `from`. */
export const dateOrder = <T extends { from?: string; to?: string }>(q: T, ctx: z.RefinementCtx) => {
  if (q.from && q.to && q.from > q.to)
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'The to date must be on or after the from date.' });
};

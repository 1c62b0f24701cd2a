import { z } from './zod';

/**
 * The strict building blocks of every endpoint's params, query and body. No endpoint coerces on its own:
 * a value the database could not store (an id above 2^31−1, 30 February, a NUL byte, half a UTF-16
 * surrogate pair) is refused here, with a message on its field, before any handler runs.
 */

export const MAX_INT4 = 2_147_483_647;

const WHOLE = /^-?[0-9]{1,16}$/;
const DECIMAL = /^-?[0-9]{1,16}(\.[0-9]{1,16})?$/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a text cannot be stored as it is, or null. PostgreSQL refuses NUL; a lone surrogate is not Unicode. */
export function unstorableText(value: string): string | null {
  if (value.includes('\u0000')) return 'may not contain a NUL character';
  if (LONE_SURROGATE.test(value)) return 'contains an invalid character';
  return null;
}

interface IntOptions {
  min?: number;
  max?: number;
  /** The message for anything that is not a whole number in range. */
  message?: string;
}

/**
 * A whole number from JSON (a number) or from a URL or form (decimal digits only: no sign unless
 * negatives are allowed, no exponent, no hex, no spaces).
 */
export function int({ min = 0, max = MAX_INT4, message }: IntOptions = {}) {
  const refuse = message ?? `Enter a whole number from ${min} to ${max}.`;
  return z.union([z.number(), z.string()]).transform((value, ctx) => {
    const n = typeof value === 'number' ? value : WHOLE.test(value) ? Number(value) : NaN;
    if (!Number.isSafeInteger(n) || n < min || n > max) {
      ctx.addIssue({ code: 'custom', message: refuse });
      return z.NEVER;
    }
    return n;
  });
}

/** A row id: 1 … 2^31−1. */
export const id = (message?: string) => int({ min: 1, max: MAX_INT4, message });

interface DecimalOptions {
  min: number;
  max: number;
  /** Digits after the point. */
  scale: number;
  message?: string;
}

/** A decimal number from JSON or a form: plain notation only, bounded, with at most `scale` decimals. */
export function decimal({ min, max, scale, message }: DecimalOptions) {
  const refuse = message ?? `Enter a number from ${min} to ${max} with at most ${scale} decimals.`;
  return z.union([z.number(), z.string()]).transform((value, ctx) => {
    const text = typeof value === 'number' ? String(value) : value.trim();
    const decimals = text.split('.')[1]?.length ?? 0;
    const n = DECIMAL.test(text) ? Number(text) : NaN;
    if (!Number.isFinite(n) || n < min || n > max || decimals > scale) {
      ctx.addIssue({ code: 'custom', message: refuse });
      return z.NEVER;
    }
    return n;
  });
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `YYYY-MM-DD` names a day of the calendar (2024-02-30 does not). */
export function isCalendarDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return y >= 1900 && y <= 2999 && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** A calendar date, `YYYY-MM-DD`, between the years 1900 and 2999. */
export const calendarDate = (message = 'Enter a real date as YYYY-MM-DD.') =>
  z.string().refine(isCalendarDate, message);

interface TextOptions {
  /** The field's name as messages say it ("The name field is required."). */
  label: string;
  max: number;
  /** At least one character after trimming (default). `false` lets an empty text through. */
  required?: boolean;
}

/** Text a person typed: NUL and lone surrogates refused, NFC-normalised, trimmed, bounded. */
export function text({ label, max, required = true }: TextOptions) {
  const base = z
    .string({ error: `The ${label} field is required.` })
    .superRefine((value, ctx) => {
      const problem = unstorableText(value);
      if (problem) ctx.addIssue({ code: 'custom', message: `The ${label} ${problem}.` });
    })
    .transform((value) => value.normalize('NFC').trim());
  return base.pipe(
    z
      .string()
      .min(required ? 1 : 0, `The ${label} field is required.`)
      .max(max, `The ${label} may not be longer than ${max} characters.`),
  );
}

/** What a search box sends: like `text`, but empty is allowed and means "no search". */
export const searchText = (max = 100, label = 'search') => text({ label, max, required: false });

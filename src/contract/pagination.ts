import { z } from './zod';
import { int, MAX_INT4 } from './primitives';

/**
 * Lists count their rows exactly up to this many; beyond it they answer the planner's estimate unless asked to
 * count exactly, and pages past this many rows are reached with the next-page cursor, never by OFFSET (ADR 015).
 */
export const EXACT_COUNT_LIMIT = 10_000;

/**
 * Where the next page starts: the last row's sort key (microseconds since 1970 for a time, the text for a text
 * column, null for id order) and its id.
 */
export type Cursor = [key: number | string | null, id: number];

const CURSOR_TEXT = /^[A-Za-z0-9_-]{1,2000}$/;
export const CURSOR_MESSAGE = 'This page link is no longer valid. Go back to the first page.';

// UTF-8 under base64, as a text key may hold any character.
const toBase64Url = (text: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const fromBase64Url = (text: string) =>
  new TextDecoder('utf-8', { fatal: true }).decode(
    Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)),
  );

export const encodeCursor = (cursor: Cursor): string => toBase64Url(JSON.stringify(cursor));

function decodeCursor(text: string): Cursor | undefined {
  try {
    const value: unknown = JSON.parse(fromBase64Url(text));
    if (!Array.isArray(value) || value.length !== 2) return undefined;
    const [key, id] = value as unknown[];
    const keyOk = key === null || Number.isSafeInteger(key) || (typeof key === 'string' && !key.includes('\0'));
    const idOk = Number.isSafeInteger(id) && (id as number) >= 1 && (id as number) <= MAX_INT4;
    return keyOk && idOk ? [key as Cursor[0], id as number] : undefined;
  } catch {
    return undefined;
  }
}

/** An opaque next-page cursor as sent back by the client: decoded and checked here, so a forged one is a 422. */
export const cursor = z.string().transform((value, ctx) => {
  const decoded = CURSOR_TEXT.test(value) ? decodeCursor(value) : undefined;
  if (!decoded) {
    ctx.addIssue({ code: 'custom', message: CURSOR_MESSAGE });
    return z.NEVER;
  }
  return decoded;
});

/** The rows a list page shows, as the reader chooses them (§9: row limit options), the first by default. */
export const PAGE_SIZES = [25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 25;
const PAGE_SIZE_MESSAGE = `perPage must be one of: ${PAGE_SIZES.join(', ')}.`;

/** Whether a number, or an address's text, is one of PAGE_SIZES. */
export const isPageSize = (value: unknown): value is PageSize | `${PageSize}` =>
  PAGE_SIZES.some((size) => value === size || value === String(size));

/** A page size from JSON (a number) or an address (its digits): one of PAGE_SIZES, anything else refused. */
const pageSize = z.union([z.number(), z.string()]).transform((value, ctx) => {
  if (isPageSize(value)) return Number(value) as PageSize;
  ctx.addIssue({ code: 'custom', message: PAGE_SIZE_MESSAGE });
  return z.NEVER;
}) as unknown as z.ZodType<PageSize, PageSize | `${PageSize}`>;

/**
 * Query of every paginated list: a 1-based page within the first EXACT_COUNT_LIMIT rows, or `after` a cursor
 * (then `page` only numbers the page for display); `exact=1` asks for an exact count however large.
 */
export const pageQuery = z.object({
  page: int({ min: 1, max: 100_000 }).default(1),
  perPage: pageSize.default(DEFAULT_PAGE_SIZE),
  after: cursor.optional(),
  exact: z.enum(['1'], { error: 'exact must be 1 when given.' }).optional(),
});
export type PageQuery = z.infer<typeof pageQuery>;

/**
 * A list's `sort` parameter: one of its sortable columns, ascending, or descending with a leading `-`. Only columns
 * with an index in that order are offered, so every order is read off an index (ADR 023).
 */
export function sortParam<const C extends string>(columns: readonly [C, ...C[]], byDefault: C | `-${C}`) {
  const values = columns.flatMap((c) => [c, `-${c}`]) as [C | `-${C}`, ...(C | `-${C}`)[]];
  return z
    .enum(values, { error: `sort must be one of: ${values.join(', ')}.` })
    .default(byDefault as never) as z.ZodDefault<z.ZodEnum<{ [V in C | `-${C}`]: V }>>;
}

/** A sort as its column and direction. */
export const readSort = <C extends string>(sort: C | `-${C}`) =>
  ({ column: sort.replace(/^-/, '') as C, descending: sort.startsWith('-') }) as const;

export function pageOf<T extends z.ZodType>(row: T) {
  return z.object({
    rows: z.array(row),
    total: z.number(),
    /** `total` is the planner's estimate (over EXACT_COUNT_LIMIT rows and no exact count asked). */
    estimated: z.boolean(),
    page: z.number(),
    perPage: z.number(),
    /** The `after` of the next page; null on the last page. */
    nextCursor: z.string().nullable(),
  });
}
export type Page<T> = {
  rows: T[];
  total: number;
  estimated: boolean;
  page: number;
  perPage: number;
  nextCursor: string | null;
};

/** A CSV download (`text/csv`), streamed: documents the answer of a list's export, which takes the list's query. */
export const csvFile = z.string();

import { z } from 'zod';
import { int, MAX_INT4 } from './primitives';

/**
 * Lists count their rows exactly up to this many; beyond it they answer the planner's estimate unless asked to
 * count exactly, and pages past this many rows are reached with the next-page cursor, never by OFFSET (ADR 015).
 */
export const EXACT_COUNT_LIMIT = 10_000;

/** Where the next page starts: the last row's sort key (microseconds since 1970, or null for id order) and id. */
export type Cursor = [key: number | null, id: number];

const CURSOR_TEXT = /^[A-Za-z0-9_-]{1,200}$/;
export const CURSOR_MESSAGE = 'This page link is no longer valid. Go back to the first page.';

const toBase64Url = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const fromBase64Url = (text: string) => atob(text.replace(/-/g, '+').replace(/_/g, '/'));

export const encodeCursor = (cursor: Cursor): string => toBase64Url(JSON.stringify(cursor));

function decodeCursor(text: string): Cursor | undefined {
  try {
    const value: unknown = JSON.parse(fromBase64Url(text));
    if (!Array.isArray(value) || value.length !== 2) return undefined;
    const [key, id] = value as unknown[];
    const keyOk = key === null || Number.isSafeInteger(key);
    const idOk = Number.isSafeInteger(id) && (id as number) >= 1 && (id as number) <= MAX_INT4;
    return keyOk && idOk ? [key as number | null, id as number] : undefined;
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

/**
 * Query of every paginated list: a 1-based page within the first EXACT_COUNT_LIMIT rows, or `after` a cursor
 * (then `page` only numbers the page for display); `exact=1` asks for an exact count however large.
 */
export const pageQuery = z.object({
  page: int({ min: 1, max: 100_000 }).default(1),
  perPage: int({ min: 1, max: 100 }).default(25),
  after: cursor.optional(),
  exact: z.enum(['1'], { error: 'exact must be 1 when given.' }).optional(),
});
export type PageQuery = z.infer<typeof pageQuery>;

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

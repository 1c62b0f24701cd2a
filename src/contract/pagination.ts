import { z } from 'zod';
import { int } from './primitives';

/** Query of every paginated list: 1-based page, bounded page size. */
export const pageQuery = z.object({
  page: int({ min: 1, max: 100_000 }).default(1),
  perPage: int({ min: 1, max: 100 }).default(25),
});
export type PageQuery = z.infer<typeof pageQuery>;

export function pageOf<T extends z.ZodType>(row: T) {
  return z.object({ rows: z.array(row), total: z.number(), page: z.number(), perPage: z.number() });
}
export type Page<T> = { rows: T[]; total: number; page: number; perPage: number };

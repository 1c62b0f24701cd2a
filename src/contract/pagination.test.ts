import { describe, expect, it } from 'vitest';
import { pageQuery } from './pagination';

describe('a list page size', () => {
  it.each([
    ['25', 25],
    ['50', 50],
    ['100', 100],
    [50, 50],
  ])('takes %j rows a page', (perPage, expected) => {
    expect(pageQuery.parse({ perPage }).perPage).toBe(expected);
  });

  it('is 25 rows when none is asked', () => {
    expect(pageQuery.parse({}).perPage).toBe(25);
  });

  it.each(['10', '1', '0', '-25', '025', '25.0', '2e1', ' 50', '', 99, 25.5])(
    'refuses %j, naming the sizes offered',
    (perPage) => {
      const result = pageQuery.safeParse({ perPage });
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((i) => i.message)).toEqual(['perPage must be one of: 25, 50, 100.']);
    },
  );
});

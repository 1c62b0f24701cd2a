import { describe, expect, it } from 'vitest';
import { periodStartsBetween } from './stats.periods';

describe('the periods of a chosen range', () => {
  it('are the whole periods that hold its days, and none past the most asked for', () => {
    expect(periodStartsBetween('2026-01-15', '2026-03-02', 'month', 400)).toEqual([
      '2026-01-01',
      '2026-02-01',
      '2026-03-01',
    ]);
    expect(periodStartsBetween('2026-11-25', '2026-11-25', 'day', 400)).toEqual(['2026-11-25']);
    expect(periodStartsBetween('2026-01-01', '2026-01-03', 'day', 2)).toBeNull();
    // Stops at the limit: two centuries of days are not walked.
    expect(periodStartsBetween('1900-01-01', '2099-12-31', 'day', 400)).toBeNull();
  });
});

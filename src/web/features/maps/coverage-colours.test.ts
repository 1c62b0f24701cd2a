import { describe, expect, it } from 'vitest';
import { coverageBand } from './coverage-colours';

describe('coverage colours', () => {
  it('shows a median of 0 as no service, and each speed in its band, a bound belonging to the band above', () => {
    expect(coverageBand(0).label).toBe('No service');
    expect(coverageBand(0.1).label).toBe('Under 5 Mbps');
    expect(coverageBand(5).label).toBe('5–25 Mbps');
    expect(coverageBand(24.9).label).toBe('5–25 Mbps');
    expect(coverageBand(25).label).toBe('25–100 Mbps');
    expect(coverageBand(100).label).toBe('100 Mbps or more');
  });
});

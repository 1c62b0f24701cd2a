import { describe, expect, it } from 'vitest';
import { alertScope, conditionsFor, parseAlertMetric } from './notifications';

describe('the figure an alert rule watches', () => {
  it('reads a model’s returns among the latest N deployed devices, the model kept as written, colons and all', () => {
    expect(parseAlertMetric('returns-by-model:100:SIM Only')).toEqual({
      kind: 'returns-by-model',
      limit: 100,
      model: 'SIM Only',
    });
    expect(parseAlertMetric('returns-by-model:10000:Phone: Pro')).toMatchObject({ limit: 10_000, model: 'Phone: Pro' });
  });

  it('reads the remaining credits, and nothing else of the credits', () => {
    expect(parseAlertMetric('credits:remaining')).toEqual({ kind: 'credits', figure: 'remaining' });
    for (const metric of ['credits', 'credits:', 'credits:remaining:', 'credits:week-1', 'credits:__proto__'])
      expect(parseAlertMetric(metric), metric).toBeNull();
  });

  it('refuses a count of devices written oddly or out of range, and a model that cannot be kept', () => {
    for (const metric of [
      'returns-by-model:100',
      'returns-by-model:100:',
      'returns-by-model::SIM Only',
      'returns-by-model:0:SIM Only',
      'returns-by-model:0100:SIM Only',
      'returns-by-model:+100:SIM Only',
      'returns-by-model:1e2:SIM Only',
      'returns-by-model:10001:SIM Only',
      'returns-by-model:99999999999999999999:SIM Only',
      'returns-by-model:100:SIM\u0000Only',
      `returns-by-model:100:${'x'.repeat(81)}`,
    ])
      expect(parseAlertMetric(metric), metric).toBeNull();
  });

  it('offers a change against the period before only for figures that have one', () => {
    expect(conditionsFor('kpi:orders')).toEqual(['above', 'below', 'change']);
    expect(conditionsFor('trend:churn-trend:rate')).toEqual(['above', 'below', 'change']);
    expect(conditionsFor('returns-by-model:100:SIM Only')).toEqual(['above', 'below']);
    expect(conditionsFor('credits:remaining')).toEqual(['above', 'below']);
  });

  it('says what stretch each figure covers', () => {
    expect(alertScope('kpi:orders', 'monthly')).toBe('Last 30 days');
    expect(alertScope('trend:churn-trend:rate', 'weekly')).toBe('Past 26 Weeks');
    expect(alertScope('returns-by-model:2500:SIM Only', 'monthly')).toBe('Latest 2,500 deployed devices');
    expect(alertScope('credits:remaining', 'monthly')).toBe('Due after the next 4 weeks');
  });
});

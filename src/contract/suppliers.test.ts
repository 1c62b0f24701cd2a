import { describe, expect, it } from 'vitest';
import {
  applySupplierRules,
  BILLING_CYCLES,
  FREQUENCIES,
  isFrequencyLocked,
  supplierRuleErrors,
  type SupplierTerms,
} from './suppliers';

const every: SupplierTerms[] = BILLING_CYCLES.flatMap((billingCycle) =>
  (['1', '0'] as const).flatMap((prorates) => FREQUENCIES.map((frequency) => ({ billingCycle, prorates, frequency }))),
);

describe('supplier rules (§4)', () => {
  it('forces prorates 0 and Per Renewal on a 30 Day cycle', () => {
    expect(applySupplierRules({ billingCycle: '30 Day', prorates: '1', frequency: 'Monthly' })).toEqual({
      billingCycle: '30 Day',
      prorates: '0',
      frequency: 'Per Renewal',
    });
  });

  it('forces Monthly when the supplier prorates', () => {
    expect(applySupplierRules({ billingCycle: 'Annual', prorates: '1', frequency: 'Per Renewal' }).frequency).toBe(
      'Monthly',
    );
  });

  it('leaves a free choice alone', () => {
    const terms: SupplierTerms = { billingCycle: 'Quarterly', prorates: '0', frequency: 'Per Renewal' };
    expect(applySupplierRules(terms)).toEqual(terms);
  });

  it('locks the frequency on a 30 Day cycle or when prorating, and only then', () => {
    expect(isFrequencyLocked({ billingCycle: '30 Day', prorates: '0' })).toBe(true);
    expect(isFrequencyLocked({ billingCycle: 'Calendar Month', prorates: '1' })).toBe(true);
    expect(isFrequencyLocked({ billingCycle: 'Calendar Month', prorates: '0' })).toBe(false);
  });

  it('finds no fault in what the rules produce, and a fault in every combination they would change', () => {
    for (const terms of every) {
      const applied = applySupplierRules(terms);
      expect(supplierRuleErrors(applied)).toEqual({});
      const changed = JSON.stringify(applied) !== JSON.stringify(terms);
      expect(Object.keys(supplierRuleErrors(terms)).length > 0).toBe(changed);
    }
  });
});

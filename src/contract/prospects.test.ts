import { describe, expect, it } from 'vitest';
import {
  parseReading,
  prospectBody,
  prospectForm,
  prospectStoreFor,
  showsAdditionalInfo,
  takesSpeedTests,
} from './prospects';

describe('prospect form rules shared by the page and the server', () => {
  it("shows 'Additional Info' when the chosen action's id or parent_id is 2", () => {
    expect(showsAdditionalInfo(2)).toBe(true);
    expect(showsAdditionalInfo(21)).toBe(true);
    expect(showsAdditionalInfo(1)).toBe(false);
    expect(showsAdditionalInfo(null)).toBe(false);
  });

  it('shows speed tests once an action is chosen, unless its id is 3', () => {
    expect(takesSpeedTests(null)).toBe(false);
    expect(takesSpeedTests(3)).toBe(false);
    expect(takesSpeedTests(1)).toBe(true);
    expect(takesSpeedTests(22)).toBe(true);
  });

  it('reads mbps values, 0 meaning no service, and names what is wrong otherwise', () => {
    expect(parseReading(0)).toBe(0);
    expect(parseReading('12.345')).toBe(12.35);
    expect(parseReading('')).toBe('The speed test reading is required.');
    expect(parseReading('abc')).toBe('The speed test reading must be a number.');
    expect(parseReading(-0.5)).toBe('The speed test reading must be at least 0.');
  });

  it('reads only plain notation: no exponent, hex or NUL', () => {
    for (const bad of ['1e3', '0x10', '5\u0000', 'Infinity'])
      expect(parseReading(bad)).toBe('The speed test reading must be a number.');
  });

  it('turns the form into the values the server stores', () => {
    const parsed = prospectForm({ canForceCreate: false }).parse({
      address: { address: ' 1 Main St ', city: 'Nashville', state: 'TN', zip: '37203' },
      prospect_action_id: '3',
      new_construction: '1',
      topographies: ['1', 1, '99'],
      comments: 'Bluffs',
    });
    expect(parsed).toMatchObject({
      rep_id: null,
      customer_id: null,
      name: null,
      address: { address: '1 Main St' },
      prospect_action_id: 3,
      new_construction: true,
      offered_promotion: false,
      topographies: [1, 99],
      speed_tests: [],
      location: null,
    });
  });

  it('declares the form without the rep rule, which the store endpoint adds for each user', () => {
    const form = {
      rep_id: 7,
      address: { address: '1 Main St', city: 'Nashville', state: 'TN', zip: '37203' },
      prospect_action_id: 3,
    };
    const repIssue = (schema: typeof prospectBody, values: object) =>
      schema.safeParse(values).error?.issues.find((i) => i.path[0] === 'rep_id')?.message;
    expect(repIssue(prospectBody, form)).toBeUndefined();
    expect(repIssue(prospectStoreFor({ canForceCreate: false }).body, form)).toBe('The rep field is not allowed.');
    expect(repIssue(prospectStoreFor({ canForceCreate: true }).body, { ...form, rep_id: null })).toBe(
      'The rep field is required.',
    );
  });
});

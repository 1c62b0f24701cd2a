import { describe, expect, it } from 'vitest';
import { href, paths } from './paths';

describe('page links', () => {
  it("fills a pattern's parameters, encoded", () => {
    expect(href(paths.device, { id: 42 })).toBe('/admin/devices/42');
    expect(href(paths.supplierEdit, { id: '7' })).toBe('/admin/suppliers/7/edit');
    expect(href(paths.customer, { id: 'a/b' })).toBe('/admin/customers/a%2Fb');
    expect(href(paths.devices)).toBe('/admin/devices');
  });

  it('refuses a link that misses a parameter', () => {
    // @ts-expect-error the id is required by the pattern
    expect(() => href(paths.device, {})).toThrow(/missing :id/);
  });
});

import { describe, expect, it } from 'vitest';
import { compareReleases } from './release-order';

describe('release order', () => {
  it('orders releases as semantic versioning does, numbers as numbers and a release after its pre-releases', () => {
    const ordered = [
      '0.9.0',
      '1.0.0-alpha',
      '1.0.0-alpha.1',
      '1.0.0-alpha.beta',
      '1.0.0-beta.2',
      '1.0.0-beta.11',
      '1.0.0-rc.1',
      '1.0.0',
      '1.0.1',
      '1.2.0',
      '1.10.0',
      '2.0.0',
    ];
    for (let i = 0; i < ordered.length; i++)
      for (let j = 0; j < ordered.length; j++)
        expect(Math.sign(compareReleases(ordered[i]!, ordered[j]!)), `${ordered[i]} vs ${ordered[j]}`).toBe(
          Math.sign(i - j),
        );
  });

  it('ignores build metadata and refuses what is not a release number', () => {
    expect(compareReleases('1.0.0+build.7', '1.0.0')).toBe(0);
    expect(() => compareReleases('1.0', '1.0.0')).toThrow('Not a release number: 1.0');
  });
});

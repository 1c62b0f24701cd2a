import { describe, expect, it } from 'vitest';
import { mergeMantineTheme, DEFAULT_THEME } from '@mantine/core';
import { cssVariablesResolver, theme } from './theme';
import { contrastRatio, readable } from '../ui/contrast';

const full = mergeMantineTheme(DEFAULT_THEME, theme);
const { light, dark } = cssVariablesResolver(full);

describe('theme colours', () => {
  it('darkens or lightens a colour only as far as it must to read at the ratio asked', () => {
    expect(readable('#087f5b', ['#ffffff'], 'darker')).toBe('#087f5b');
    const dimmed = readable('#868e96', ['#ffffff'], 'darker');
    expect(contrastRatio(dimmed, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(dimmed, '#ffffff')).toBeLessThan(6);
    expect(contrastRatio(readable('#4A4A4A', ['#2e2e2e'], 'lighter', 3), '#2e2e2e')).toBeGreaterThanOrEqual(3);
  });

  it('gives dimmed text, placeholders and every colour’s text, tint and outline AA contrast in both schemes', () => {
    const { white, colors } = full;
    const lightPages = [white, colors.gray[0], colors.gray[1]];
    const darkPages = [colors.dark[7], colors.dark[6], colors.dark[5]];
    for (const page of lightPages)
      expect(contrastRatio(light['--mantine-color-dimmed']!, page)).toBeGreaterThanOrEqual(4.5);
    for (const page of darkPages)
      expect(contrastRatio(dark['--mantine-color-dimmed']!, page)).toBeGreaterThanOrEqual(4.5);
    for (const [name, shades] of Object.entries(colors)) {
      if (name === 'dark') continue;
      for (const page of lightPages)
        expect(contrastRatio(light[`--mantine-color-${name}-text`]!, page), name).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(light[`--mantine-color-${name}-light-color`]!, shades[1]), name).toBeGreaterThanOrEqual(4.5);
      for (const page of darkPages)
        expect(contrastRatio(dark[`--mantine-color-${name}-text`]!, page), name).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('puts white text on the primary colour and the primary colour on white at AA', () => {
    const primary = full.colors.teal[6];
    expect(contrastRatio(primary, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(primary, full.colors.gray[0])).toBeGreaterThanOrEqual(4.5);
  });
});

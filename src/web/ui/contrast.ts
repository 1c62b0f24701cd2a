import { darken, lighten, luminance } from '@mantine/core';

/** WCAG's minimum contrast for text (1.4.3) and for the parts of a chart one must tell apart (1.4.11). */
export const TEXT_CONTRAST = 4.5;
export const GRAPHIC_CONTRAST = 3;

export const contrastRatio = (a: string, b: string): number => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};

/**
 * `color` taken darker (for light backgrounds) or lighter (for dark ones) in small steps until it has `ratio` against
 * each background; unchanged when it already does.
 */
export function readable(
  color: string,
  backgrounds: string[],
  towards: 'darker' | 'lighter',
  ratio = TEXT_CONTRAST,
): string {
  const adjust = towards === 'darker' ? darken : lighten;
  for (let step = 0; step <= 20; step++) {
    const candidate = step ? adjust(color, step / 20) : color;
    if (backgrounds.every((b) => contrastRatio(candidate, b) >= ratio)) return candidate;
  }
  return towards === 'darker' ? '#000000' : '#ffffff';
}

import { Badge, createTheme, DEFAULT_THEME, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';
import { SIDEBAR_BREAKPOINT } from '../../contract/business';
import { readable } from '../ui/contrast';

/**
 * The kit's teal from shade 6 on, darkened so that white reads on it and it reads on white at WCAG AA (4.5:1):
 * shade 6 is the filled button, the link and the focus colour.
 */
const teal: MantineColorsTuple = [
  '#e6fcf5',
  '#c3fae8',
  '#96f2d7',
  '#63e6be',
  '#38d9a9',
  '#20c997',
  '#087f5b',
  '#0a7052',
  '#086148',
  '#06543e',
];

export const theme = createTheme({
  primaryColor: 'teal',
  primaryShade: 6,
  colors: { teal },
  // White or black text on a filled colour, whichever reads: white on a light green badge does not.
  autoContrast: true,
  // Who asks the system for less motion gets menus, dialogs and popovers that appear and leave at once.
  respectReducedMotion: true,
  defaultRadius: 'sm',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  // `md` is the sidebar breakpoint: the sidebar shows when the window is wider than 992 px (§2).
  breakpoints: { ...DEFAULT_THEME.breakpoints, md: `${(SIDEBAR_BREAKPOINT + 1) / 16}em` },
  components: {
    // A status is read, not glanced at: its own casing, and on a phone it wraps instead of ending in "…"; in a
    // list's column kept on one line (Column.nowrap) it keeps to one line as its cell does.
    Badge: Badge.extend({
      defaultProps: { tt: 'none' },
      styles: {
        root: { height: 'auto', minHeight: 'var(--badge-height)', maxWidth: '100%' },
        label: { whiteSpace: 'inherit', overflow: 'visible', textOverflow: 'clip', lineHeight: 1.25 },
      },
    }),
  },
});

/**
 * The kit's text colours that fall short of AA, replaced: dimmed and placeholder text, and every colour's text on a
 * page, on its light tint (badges, the active sidebar entry) and as an outline, in both schemes.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => {
  const { gray, dark } = t.colors;
  const lightPages = [t.white, gray[0], gray[1]];
  const darkPages = [dark[7], dark[6], dark[5]];
  const light: Record<string, string> = {
    '--mantine-color-dimmed': readable(gray[6], lightPages, 'darker'),
    '--mantine-color-placeholder': readable(gray[5], [t.white], 'darker'),
  };
  const darkScheme: Record<string, string> = {
    '--mantine-color-dimmed': readable(dark[2], darkPages, 'lighter'),
    '--mantine-color-placeholder': readable(dark[3], [dark[6]], 'lighter'),
  };
  for (const [name, shades] of Object.entries(t.colors)) {
    if (name === 'dark') continue;
    light[`--mantine-color-${name}-text`] = readable(shades[6], lightPages, 'darker');
    light[`--mantine-color-${name}-outline`] = readable(shades[6], [t.white], 'darker');
    light[`--mantine-color-${name}-light-color`] = readable(shades[9], [shades[1], shades[2]], 'darker');
    darkScheme[`--mantine-color-${name}-text`] = readable(shades[4], darkPages, 'lighter');
    darkScheme[`--mantine-color-${name}-outline`] = readable(shades[2], darkPages, 'lighter');
  }
  return { variables: {}, light, dark: darkScheme };
};

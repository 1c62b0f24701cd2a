import { Badge, createTheme, DEFAULT_THEME } from '@mantine/core';
import { SIDEBAR_BREAKPOINT } from '../../contract/business';

export const theme = createTheme({
  primaryColor: 'teal',
  defaultRadius: 'sm',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  // `md` is the sidebar breakpoint: the sidebar shows when the window is wider than 992 px (§2).
  breakpoints: { ...DEFAULT_THEME.breakpoints, md: `${(SIDEBAR_BREAKPOINT + 1) / 16}em` },
  components: {
    // A status is read, not glanced at: its own casing, and on a phone it wraps instead of ending in "…".
    Badge: Badge.extend({
      defaultProps: { tt: 'none' },
      styles: {
        root: { height: 'auto', minHeight: 'var(--badge-height)', maxWidth: '100%' },
        label: { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip', lineHeight: 1.25 },
      },
    }),
  },
});

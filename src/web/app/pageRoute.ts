import type { RouteObject } from 'react-router';
import type { PageHandle, PageRoute } from './feature';

/**
 * A page's route: its permission kept for the frame (PermittedPage), and its first queries started beside its code
 * only for a role that may open it: one sent on elsewhere, or shown the permission message, asks the server for
 * nothing.
 */
export const pageRoute = ({ permission, prefetch, ...route }: PageRoute): RouteObject => ({
  ...route,
  handle: { permission } satisfies PageHandle,
  loader:
    prefetch &&
    (() => {
      void import('../features/auth/api').then((auth) => auth.userMay(permission)).then((may) => may && prefetch());
      return null;
    }),
});

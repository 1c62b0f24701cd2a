import { createBrowserRouter } from 'react-router';
import { paths } from './paths';
import { features } from './app/features';
import { pageRoute } from './app/pageRoute';
import { NotFoundPage } from './app/NotFoundPage';
import { LoadingState } from './ui/LoadingState';
import { dropEarlyAnswers } from './lib/early';

const pageLoading = <LoadingState label="Loading…" />;

/**
 * Page routes, from the features' declarations (app/features.ts). All are lazy, the frame and the sign-in page too:
 * the first download holds the router, the providers and the theme, and each area's code loads when it is first
 * opened (the frame's and the page's side by side).
 */
export const router = createBrowserRouter([
  ...features
    .flatMap((feature) => feature.publicRoutes ?? [])
    .map((route) => ({
      ...route,
      hydrateFallbackElement: pageLoading,
    })),
  {
    path: paths.dashboard,
    lazy: () => import('./app/Shell').then((m) => ({ Component: m.Shell })),
    // Shown while the frame's and the first page's code arrive: lazy routes have nothing to show before it.
    hydrateFallbackElement: pageLoading,
    children: [
      ...features.flatMap((feature) => feature.routes ?? []).map(pageRoute),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  { path: '*', element: <NotFoundPage /> },
]);

// The answers the page's HTML asked for are that page's (lib/early.ts): a role sent on to another page, or a user
// who moves on before taking one, asks the server anew later.
const served = window.location.pathname;
router.subscribe((state) => {
  if (state.location.pathname !== served) dropEarlyAnswers();
});

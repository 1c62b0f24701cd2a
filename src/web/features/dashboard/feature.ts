import { IconLayoutDashboard } from '@tabler/icons-react';
import { paths } from '../../paths';
import type { Feature } from '../../app/feature';

export const dashboardFeature: Feature = {
  routes: [
    {
      index: true,
      // The first charts' data is asked for beside the page's code, not after it has loaded and rendered.
      loader: () => {
        void import('./api').then((m) => m.prefetchFirstCharts());
        return null;
      },
      lazy: () => import('./DashboardPage').then((m) => ({ Component: m.DashboardPage })),
    },
  ],
  nav: [{ label: 'Dashboard', href: paths.dashboard, icon: IconLayoutDashboard, permission: 'dashboard.view' }],
};

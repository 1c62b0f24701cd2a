import { IconLayoutDashboard } from '@tabler/icons-react';
import { paths } from '../../paths';
import type { Feature } from '../../app/feature';

export const dashboardFeature: Feature = {
  routes: [
    {
      index: true,
      permission: 'dashboard.view',
      // The first charts' data is asked for beside the page's code, not after it has loaded and rendered.
      prefetch: () => void import('./api').then((m) => m.prefetchFirstCharts()),
      lazy: () => import('./DashboardPage').then((m) => ({ Component: m.DashboardPage })),
    },
  ],
  nav: [{ label: 'Dashboard', href: paths.dashboard, icon: IconLayoutDashboard }],
};

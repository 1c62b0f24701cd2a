import { IconBell } from '@tabler/icons-react';
import { paths } from '../../paths';
import type { Feature } from '../../app/feature';

/** A person's alerts and digest of the dashboard's figures (ADR 059). */
export const notificationsFeature: Feature = {
  routes: [
    {
      path: paths.notifications,
      permission: 'dashboard.view',
      lazy: () => import('./NotificationsPage').then((m) => ({ Component: m.NotificationsPage })),
    },
  ],
  nav: [{ label: 'Alerts & digests', href: paths.notifications, icon: IconBell }],
};

import { IconUserMinus } from '@tabler/icons-react';
import { paths } from '../../paths';
import type { Feature } from '../../app/feature';

export const cancellationsFeature: Feature = {
  routes: [
    {
      path: paths.cancellations,
      permission: 'subscriptions.view',
      lazy: () => import('./CancellationsPage').then((m) => ({ Component: m.CancellationsPage })),
    },
  ],
  nav: [{ label: 'Cancellations', href: paths.cancellations, icon: IconUserMinus }],
};

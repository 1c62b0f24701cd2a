import { IconReceiptOff } from '@tabler/icons-react';
import { paths } from '../../paths';
import type { Feature } from '../../app/feature';

export const subscriptionsFeature: Feature = {
  routes: [
    {
      path: paths.subscriptions,
      permission: 'subscriptions.view',
      lazy: () => import('./SubscriptionsPage').then((m) => ({ Component: m.SubscriptionsPage })),
    },
    {
      path: paths.subscription,
      permission: 'subscriptions.view',
      lazy: () => import('./SubscriptionDetailPage').then((m) => ({ Component: m.SubscriptionDetailPage })),
    },
  ],
  nav: [{ label: 'Subscriptions', href: paths.subscriptions, icon: IconReceiptOff }],
};

import { IconListCheck } from '@tabler/icons-react';
import { paths } from '../../paths';
import type { Feature } from '../../app/feature';

export const cancellationReasonsFeature: Feature = {
  routes: [
    {
      path: paths.cancellationReasons,
      // The reasons are readable with subscriptions.view (for the pickers), but this page manages them.
      permission: 'cancellation-reasons.manage',
      lazy: () => import('./CancellationReasonsPage').then((m) => ({ Component: m.CancellationReasonsPage })),
    },
    {
      path: paths.cancellationReasonCreate,
      permission: 'cancellation-reasons.manage',
      lazy: () => import('./CreateCancellationReasonPage').then((m) => ({ Component: m.CreateCancellationReasonPage })),
    },
    {
      path: paths.cancellationReasonEdit,
      permission: 'cancellation-reasons.manage',
      lazy: () => import('./EditCancellationReasonPage').then((m) => ({ Component: m.EditCancellationReasonPage })),
    },
  ],
  nav: [{ label: 'Cancellation reasons', href: paths.cancellationReasons, icon: IconListCheck }],
  actions: [{ label: 'Add cancellation reason', href: paths.cancellationReasonCreate, icon: IconListCheck }],
};

import { IconListCheck } from '@tabler/icons-react';
import { paths } from '../../paths';
import type { Feature } from '../../app/feature';

export const cancellationReasonsFeature: Feature = {
  routes: [
    {
      path: paths.cancellationReasons,
      lazy: () => import('./CancellationReasonsPage').then((m) => ({ Component: m.CancellationReasonsPage })),
    },
    {
      path: paths.cancellationReasonCreate,
      lazy: () => import('./CreateCancellationReasonPage').then((m) => ({ Component: m.CreateCancellationReasonPage })),
    },
    {
      path: paths.cancellationReasonEdit,
      lazy: () => import('./EditCancellationReasonPage').then((m) => ({ Component: m.EditCancellationReasonPage })),
    },
  ],
  nav: [
    {
      label: 'Cancellation reasons',
      href: paths.cancellationReasons,
      icon: IconListCheck,
      permission: 'cancellation-reasons.manage',
    },
  ],
  actions: [
    {
      label: 'Add cancellation reason',
      href: paths.cancellationReasonCreate,
      icon: IconListCheck,
      permission: 'cancellation-reasons.manage',
    },
  ],
};

import { IconReplace } from '@tabler/icons-react';
import { paths } from '../../paths';
import type { Feature } from '../../app/feature';

/** The device swaps list: a page of its own, opened from the devices page, the palette and the swaps chart. */
export const deviceSwapsFeature: Feature = {
  routes: [
    {
      path: paths.deviceSwaps,
      permission: 'devices.view',
      lazy: () => import('./SwapsPage').then((m) => ({ Component: m.SwapsPage })),
    },
  ],
  actions: [{ label: 'Device swaps', href: paths.deviceSwaps, icon: IconReplace }],
};

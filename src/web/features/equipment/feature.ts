import { IconPackages } from '@tabler/icons-react';
import { paths } from '../../paths';
import type { Feature } from '../../app/feature';

export const equipmentFeature: Feature = {
  routes: [
    {
      path: paths.equipment,
      permission: 'devices.view',
      lazy: () => import('./EquipmentPage').then((m) => ({ Component: m.EquipmentPage })),
    },
    {
      path: paths.equipmentItem,
      permission: 'devices.view',
      lazy: () => import('./EquipmentDetailPage').then((m) => ({ Component: m.EquipmentDetailPage })),
    },
  ],
  nav: [{ label: 'Equipment', href: paths.equipment, icon: IconPackages }],
};

import { IconPackage, IconPackages } from '@tabler/icons-react';
import { paths } from '../../paths';
import type { Feature } from '../../app/feature';

export const parcelsFeature: Feature = {
  routes: [
    {
      path: paths.parcels,
      permission: 'parcels.view',
      lazy: () => import('./ParcelsPage').then((m) => ({ Component: m.ParcelsPage })),
    },
    {
      path: paths.parcelCreate,
      permission: 'parcels.manage',
      lazy: () => import('./CreateParcelPage').then((m) => ({ Component: m.CreateParcelPage })),
    },
    {
      path: paths.parcelContainers,
      permission: 'parcels.view',
      lazy: () => import('./ContainersPage').then((m) => ({ Component: m.ContainersPage })),
    },
  ],
  nav: [{ label: 'Parcels', href: paths.parcels, icon: IconPackage }],
  actions: [
    { label: 'Enter parcel', href: paths.parcelCreate, icon: IconPackage },
    { label: 'Parcel containers', href: paths.parcelContainers, icon: IconPackages },
  ],
};

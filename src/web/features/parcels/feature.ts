import { IconPackage, IconPackages } from '@tabler/icons-react';
import { paths } from '../../paths';
import type { Feature } from '../../app/feature';

export const parcelsFeature: Feature = {
  routes: [
    { path: paths.parcels, lazy: () => import('./ParcelsPage').then((m) => ({ Component: m.ParcelsPage })) },
    {
      path: paths.parcelCreate,
      lazy: () => import('./CreateParcelPage').then((m) => ({ Component: m.CreateParcelPage })),
    },
    {
      path: paths.parcelContainers,
      lazy: () => import('./ContainersPage').then((m) => ({ Component: m.ContainersPage })),
    },
  ],
  nav: [{ label: 'Parcels', href: paths.parcels, icon: IconPackage, permission: 'parcels.view' }],
  actions: [
    { label: 'Enter parcel', href: paths.parcelCreate, icon: IconPackage, permission: 'parcels.manage' },
    { label: 'Parcel containers', href: paths.parcelContainers, icon: IconPackages, permission: 'parcels.view' },
  ],
};

import { IconMapPin } from '@tabler/icons-react';
import { paths } from '../../paths';
import type { Feature } from '../../app/feature';

export const prospectsFeature: Feature = {
  routes: [
    { path: paths.prospects, lazy: () => import('./ProspectsPage').then((m) => ({ Component: m.ProspectsPage })) },
    {
      path: paths.prospectCreate,
      lazy: () => import('./ProspectCreatePage').then((m) => ({ Component: m.ProspectCreatePage })),
    },
    {
      path: paths.prospect,
      lazy: () => import('./ProspectDetailPage').then((m) => ({ Component: m.ProspectDetailPage })),
    },
  ],
  nav: [{ label: 'Prospects', href: paths.prospects, icon: IconMapPin, permission: 'prospects.view-own' }],
  actions: [{ label: 'Log a visit', href: paths.prospectCreate, icon: IconMapPin, permission: 'prospects.log' }],
};

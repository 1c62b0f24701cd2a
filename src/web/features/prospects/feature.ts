import { IconMapPin } from '@tabler/icons-react';
import { paths } from '../../paths';
import type { Feature } from '../../app/feature';

export const prospectsFeature: Feature = {
  routes: [
    {
      path: paths.prospects,
      permission: 'prospects.view-own',
      lazy: () => import('./ProspectsPage').then((m) => ({ Component: m.ProspectsPage })),
    },
    {
      path: paths.prospectCreate,
      // The office reads visits; logging them is the field's.
      permission: 'prospects.log',
      lazy: () => import('./ProspectCreatePage').then((m) => ({ Component: m.ProspectCreatePage })),
    },
    {
      path: paths.prospect,
      permission: 'prospects.view-own',
      lazy: () => import('./ProspectDetailPage').then((m) => ({ Component: m.ProspectDetailPage })),
    },
  ],
  nav: [{ label: 'Prospects', href: paths.prospects, icon: IconMapPin }],
  actions: [{ label: 'Log a visit', href: paths.prospectCreate, icon: IconMapPin }],
};

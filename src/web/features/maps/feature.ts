import { IconMap2 } from '@tabler/icons-react';
import { paths } from '../../paths';
import type { Feature } from '../../app/feature';

export const mapsFeature: Feature = {
  routes: [
    {
      path: paths.map,
      permission: 'maps.view',
      lazy: () => import('./MapPage').then((m) => ({ Component: m.MapPage })),
    },
    {
      path: paths.prospectMap,
      permission: 'prospects.view-own',
      lazy: () => import('./ProspectMapPage').then((m) => ({ Component: m.ProspectMapPage })),
    },
  ],
  nav: [{ label: 'Map', href: paths.map, icon: IconMap2 }],
  actions: [{ label: 'Prospect map', href: paths.prospectMap, icon: IconMap2 }],
};

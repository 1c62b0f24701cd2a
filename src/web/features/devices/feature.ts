import { IconDeviceMobile } from '@tabler/icons-react';
import { paths } from '../../paths';
import type { Feature } from '../../app/feature';

export const devicesFeature: Feature = {
  routes: [
    { path: paths.devices, lazy: () => import('./DevicesPage').then((m) => ({ Component: m.DevicesPage })) },
    { path: paths.device, lazy: () => import('./DeviceDetailPage').then((m) => ({ Component: m.DeviceDetailPage })) },
    {
      path: paths.deviceReplace,
      lazy: () => import('./ReplaceDevicePage').then((m) => ({ Component: m.ReplaceDevicePage })),
    },
  ],
  nav: [{ label: 'Devices', href: paths.devices, icon: IconDeviceMobile, permission: 'devices.view' }],
};

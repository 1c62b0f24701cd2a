import { IconDeviceMobile } from '@tabler/icons-react';
import { paths } from '../../paths';
import type { Feature } from '../../app/feature';

export const devicesFeature: Feature = {
  routes: [
    {
      path: paths.devices,
      permission: 'devices.view',
      lazy: () => import('./DevicesPage').then((m) => ({ Component: m.DevicesPage })),
    },
    {
      path: paths.device,
      permission: 'devices.view',
      lazy: () => import('./DeviceDetailPage').then((m) => ({ Component: m.DeviceDetailPage })),
    },
    {
      path: paths.deviceReplace,
      // Reading the device needs devices.view only: without devices.manage the form would end in a refusal.
      permission: 'devices.manage',
      lazy: () => import('./ReplaceDevicePage').then((m) => ({ Component: m.ReplaceDevicePage })),
    },
  ],
  nav: [{ label: 'Devices', href: paths.devices, icon: IconDeviceMobile }],
};

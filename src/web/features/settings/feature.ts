import { IconSettings } from '@tabler/icons-react';
import { paths } from '../../paths';
import type { Feature } from '../../app/feature';

export const settingsFeature: Feature = {
  routes: [
    {
      path: paths.settings,
      permission: 'settings.manage',
      lazy: () => import('./SettingsPage').then((m) => ({ Component: m.SettingsPage })),
    },
    {
      path: paths.lookupEmailSettings,
      permission: 'settings.manage',
      lazy: () => import('./LookupEmailSettingsPage').then((m) => ({ Component: m.LookupEmailSettingsPage })),
    },
  ],
  nav: [{ label: 'Settings', href: paths.settings, icon: IconSettings }],
};

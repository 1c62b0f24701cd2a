import { IconUserShield } from '@tabler/icons-react';
import { paths } from '../../paths';
import type { Feature } from '../../app/feature';

export const staffFeature: Feature = {
  publicRoutes: [
    {
      path: paths.setPassword,
      lazy: () => import('./SetPasswordPage').then((m) => ({ Component: m.SetPasswordPage })),
    },
  ],
  routes: [
    { path: paths.users, lazy: () => import('./UsersPage').then((m) => ({ Component: m.UsersPage })) },
    { path: paths.account, lazy: () => import('./AccountPage').then((m) => ({ Component: m.AccountPage })) },
  ],
  nav: [{ label: 'Staff', href: paths.users, icon: IconUserShield, permission: 'staff.manage' }],
};

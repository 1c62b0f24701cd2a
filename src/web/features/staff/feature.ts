import { IconUserCircle, IconUserShield } from '@tabler/icons-react';
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
    {
      path: paths.users,
      permission: 'staff.manage',
      lazy: () => import('./UsersPage').then((m) => ({ Component: m.UsersPage })),
    },
  ],
  nav: [{ label: 'Staff', href: paths.users, icon: IconUserShield }],
};

/** The signed-in staff member's own password, two-factor sign-in and sessions: every role's, last in the sidebar. */
export const accountFeature: Feature = {
  routes: [
    {
      path: paths.account,
      permission: 'signed-in',
      lazy: () => import('./AccountPage').then((m) => ({ Component: m.AccountPage })),
    },
  ],
  nav: [{ label: 'Your account', href: paths.account, icon: IconUserCircle }],
};

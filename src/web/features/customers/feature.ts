import { IconUsers } from '@tabler/icons-react';
import { paths } from '../../paths';
import type { Feature } from '../../app/feature';

export const customersFeature: Feature = {
  routes: [
    {
      path: paths.customers,
      permission: 'customers.view',
      lazy: () => import('./CustomersPage').then((m) => ({ Component: m.CustomersPage })),
    },
    {
      path: paths.customer,
      permission: 'customers.view',
      lazy: () => import('./CustomerPage').then((m) => ({ Component: m.CustomerPage })),
    },
  ],
  nav: [{ label: 'Customers', href: paths.customers, icon: IconUsers }],
};

import { IconBuildingWarehouse } from '@tabler/icons-react';
import { paths } from '../../paths';
import type { Feature } from '../../app/feature';

export const suppliersFeature: Feature = {
  routes: [
    { path: paths.suppliers, lazy: () => import('./SuppliersPage').then((m) => ({ Component: m.SuppliersPage })) },
    {
      path: paths.supplierCreate,
      lazy: () => import('./CreateSupplierPage').then((m) => ({ Component: m.CreateSupplierPage })),
    },
    {
      path: paths.supplierEdit,
      lazy: () => import('./EditSupplierPage').then((m) => ({ Component: m.EditSupplierPage })),
    },
  ],
  nav: [{ label: 'Suppliers', href: paths.suppliers, icon: IconBuildingWarehouse, permission: 'suppliers.view' }],
  actions: [
    { label: 'Add supplier', href: paths.supplierCreate, icon: IconBuildingWarehouse, permission: 'suppliers.manage' },
  ],
};

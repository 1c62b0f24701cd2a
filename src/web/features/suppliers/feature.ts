import { IconBuildingWarehouse } from '@tabler/icons-react';
import { paths } from '../../paths';
import type { Feature } from '../../app/feature';

export const suppliersFeature: Feature = {
  routes: [
    {
      path: paths.suppliers,
      permission: 'suppliers.view',
      lazy: () => import('./SuppliersPage').then((m) => ({ Component: m.SuppliersPage })),
    },
    {
      path: paths.supplierCreate,
      permission: 'suppliers.manage',
      lazy: () => import('./CreateSupplierPage').then((m) => ({ Component: m.CreateSupplierPage })),
    },
    {
      path: paths.supplierEdit,
      // A supplier is readable with suppliers.view, but this page is only its edit form.
      permission: 'suppliers.manage',
      lazy: () => import('./EditSupplierPage').then((m) => ({ Component: m.EditSupplierPage })),
    },
  ],
  nav: [{ label: 'Suppliers', href: paths.suppliers, icon: IconBuildingWarehouse }],
  actions: [{ label: 'Add supplier', href: paths.supplierCreate, icon: IconBuildingWarehouse }],
};

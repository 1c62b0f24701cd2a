import { createBrowserRouter } from 'react-router';
import { paths } from './paths';
import { NotFoundPage } from './app/NotFoundPage';
import { LoadingState } from './ui/LoadingState';

const pageLoading = <LoadingState label="Loading…" />;

/**
 * Page routes. All are lazy, the frame and the sign-in page too: the first download holds the router, the providers
 * and the theme, and each area's code loads when it is first opened (the frame's and the page's side by side).
 */
export const router = createBrowserRouter([
  {
    path: paths.login,
    hydrateFallbackElement: pageLoading,
    lazy: () => import('./features/auth/LoginPage').then((m) => ({ Component: m.LoginPage })),
  },
  {
    path: paths.setPassword,
    hydrateFallbackElement: pageLoading,
    lazy: () => import('./features/staff/SetPasswordPage').then((m) => ({ Component: m.SetPasswordPage })),
  },
  {
    path: paths.dashboard,
    lazy: () => import('./app/Shell').then((m) => ({ Component: m.Shell })),
    // Shown while the frame's and the first page's code arrive: lazy routes have nothing to show before it.
    hydrateFallbackElement: pageLoading,
    children: [
      {
        path: paths.customers,
        lazy: () => import('./features/customers/CustomersPage').then((m) => ({ Component: m.CustomersPage })),
      },
      {
        path: paths.customer,
        lazy: () => import('./features/customers/CustomerPage').then((m) => ({ Component: m.CustomerPage })),
      },
      {
        path: paths.suppliers,
        lazy: () => import('./features/suppliers/SuppliersPage').then((m) => ({ Component: m.SuppliersPage })),
      },
      {
        path: paths.supplierCreate,
        lazy: () =>
          import('./features/suppliers/CreateSupplierPage').then((m) => ({ Component: m.CreateSupplierPage })),
      },
      {
        path: paths.supplierEdit,
        lazy: () => import('./features/suppliers/EditSupplierPage').then((m) => ({ Component: m.EditSupplierPage })),
      },
      {
        path: paths.parcels,
        lazy: () => import('./features/parcels/ParcelsPage').then((m) => ({ Component: m.ParcelsPage })),
      },
      {
        path: paths.parcelCreate,
        lazy: () => import('./features/parcels/CreateParcelPage').then((m) => ({ Component: m.CreateParcelPage })),
      },
      {
        path: paths.parcelContainers,
        lazy: () => import('./features/parcels/ContainersPage').then((m) => ({ Component: m.ContainersPage })),
      },
      {
        index: true,
        // The first charts' data is asked for beside the page's code, not after it has loaded and rendered.
        loader: () => {
          void import('./features/dashboard/api').then((m) => m.prefetchFirstCharts());
          return null;
        },
        lazy: () => import('./features/dashboard/DashboardPage').then((m) => ({ Component: m.DashboardPage })),
      },
      {
        path: paths.devices,
        lazy: () => import('./features/devices/DevicesPage').then((m) => ({ Component: m.DevicesPage })),
      },
      {
        path: paths.deviceSwaps,
        lazy: () => import('./features/device-swaps').then((m) => ({ Component: m.SwapsPage })),
      },
      {
        path: paths.device,
        lazy: () => import('./features/devices/DeviceDetailPage').then((m) => ({ Component: m.DeviceDetailPage })),
      },
      {
        path: paths.deviceReplace,
        lazy: () => import('./features/devices/ReplaceDevicePage').then((m) => ({ Component: m.ReplaceDevicePage })),
      },
      {
        path: paths.equipment,
        lazy: () => import('./features/equipment/EquipmentPage').then((m) => ({ Component: m.EquipmentPage })),
      },
      {
        path: paths.equipmentItem,
        lazy: () =>
          import('./features/equipment/EquipmentDetailPage').then((m) => ({ Component: m.EquipmentDetailPage })),
      },
      {
        path: paths.feedback,
        lazy: () => import('./features/feedback/FeedbackPage').then((m) => ({ Component: m.FeedbackPage })),
      },
      {
        path: paths.settings,
        lazy: () => import('./features/settings/SettingsPage').then((m) => ({ Component: m.SettingsPage })),
      },
      {
        path: paths.lookupEmailSettings,
        lazy: () =>
          import('./features/settings/LookupEmailSettingsPage').then((m) => ({ Component: m.LookupEmailSettingsPage })),
      },
      {
        path: paths.subscriptions,
        lazy: () =>
          import('./features/subscriptions/SubscriptionsPage').then((m) => ({ Component: m.SubscriptionsPage })),
      },
      {
        path: paths.subscription,
        lazy: () =>
          import('./features/subscriptions/SubscriptionDetailPage').then((m) => ({
            Component: m.SubscriptionDetailPage,
          })),
      },
      {
        path: paths.cancellations,
        lazy: () =>
          import('./features/cancellations/CancellationsPage').then((m) => ({ Component: m.CancellationsPage })),
      },
      {
        path: paths.cancellationReasons,
        lazy: () =>
          import('./features/cancellation-reasons/CancellationReasonsPage').then((m) => ({
            Component: m.CancellationReasonsPage,
          })),
      },
      {
        path: paths.cancellationReasonCreate,
        lazy: () =>
          import('./features/cancellation-reasons/CreateCancellationReasonPage').then((m) => ({
            Component: m.CreateCancellationReasonPage,
          })),
      },
      {
        path: paths.cancellationReasonEdit,
        lazy: () =>
          import('./features/cancellation-reasons/EditCancellationReasonPage').then((m) => ({
            Component: m.EditCancellationReasonPage,
          })),
      },
      {
        path: paths.prospects,
        lazy: () => import('./features/prospects/ProspectsPage').then((m) => ({ Component: m.ProspectsPage })),
      },
      {
        path: paths.prospectCreate,
        lazy: () =>
          import('./features/prospects/ProspectCreatePage').then((m) => ({ Component: m.ProspectCreatePage })),
      },
      {
        path: paths.prospectMap,
        lazy: () => import('./features/maps/ProspectMapPage').then((m) => ({ Component: m.ProspectMapPage })),
      },
      {
        path: paths.prospect,
        lazy: () =>
          import('./features/prospects/ProspectDetailPage').then((m) => ({ Component: m.ProspectDetailPage })),
      },
      { path: paths.map, lazy: () => import('./features/maps/MapPage').then((m) => ({ Component: m.MapPage })) },
      {
        path: paths.users,
        lazy: () => import('./features/staff/UsersPage').then((m) => ({ Component: m.UsersPage })),
      },
      {
        path: paths.account,
        lazy: () => import('./features/staff/AccountPage').then((m) => ({ Component: m.AccountPage })),
      },
      {
        path: paths.audit,
        lazy: () => import('./features/audit/AuditLogPage').then((m) => ({ Component: m.AuditLogPage })),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  { path: '*', element: <NotFoundPage /> },
]);

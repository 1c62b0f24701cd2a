import type { ComponentType } from 'react';
import {
  IconBuildingWarehouse,
  IconDeviceMobile,
  IconHistory,
  IconLayoutDashboard,
  IconListCheck,
  IconMap2,
  IconMapPin,
  IconMessage2,
  IconPackage,
  IconPackages,
  IconReceiptOff,
  IconReplace,
  IconSettings,
  IconUserMinus,
  IconUserShield,
  IconUsers,
} from '@tabler/icons-react';
import type { Permission } from '../../contract/access';
import { paths } from '../paths';

export interface NavEntry {
  label: string;
  href: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
  /** What the page needs; the sidebar shows only the entries the user's role allows. */
  permission: Permission;
}

/** Sidebar entries, in the order of the daily work: customers and their lines, then the field, then housekeeping. */
export const nav: NavEntry[] = [
  { label: 'Dashboard', href: paths.dashboard, icon: IconLayoutDashboard, permission: 'dashboard.view' },
  { label: 'Customers', href: paths.customers, icon: IconUsers, permission: 'customers.view' },
  { label: 'Subscriptions', href: paths.subscriptions, icon: IconReceiptOff, permission: 'subscriptions.view' },
  { label: 'Cancellations', href: paths.cancellations, icon: IconUserMinus, permission: 'subscriptions.view' },
  { label: 'Devices', href: paths.devices, icon: IconDeviceMobile, permission: 'devices.view' },
  { label: 'Equipment', href: paths.equipment, icon: IconPackages, permission: 'devices.view' },
  { label: 'Parcels', href: paths.parcels, icon: IconPackage, permission: 'parcels.view' },
  { label: 'Prospects', href: paths.prospects, icon: IconMapPin, permission: 'prospects.view-own' },
  { label: 'Map', href: paths.map, icon: IconMap2, permission: 'maps.view' },
  { label: 'Suppliers', href: paths.suppliers, icon: IconBuildingWarehouse, permission: 'suppliers.view' },
  {
    label: 'Cancellation reasons',
    href: paths.cancellationReasons,
    icon: IconListCheck,
    permission: 'cancellation-reasons.manage',
  },
  { label: 'Feedback', href: paths.feedback, icon: IconMessage2, permission: 'feedback.send' },
  { label: 'Staff', href: paths.users, icon: IconUserShield, permission: 'staff.manage' },
  { label: 'Settings', href: paths.settings, icon: IconSettings, permission: 'settings.manage' },
  { label: 'Audit log', href: paths.audit, icon: IconHistory, permission: 'audit.view' },
];

/** The things staff start from anywhere (the command palette), each with the permission its page needs. */
export const actions: NavEntry[] = [
  { label: 'Log a visit', href: paths.prospectCreate, icon: IconMapPin, permission: 'prospects.log' },
  { label: 'Enter parcel', href: paths.parcelCreate, icon: IconPackage, permission: 'parcels.manage' },
  { label: 'Add supplier', href: paths.supplierCreate, icon: IconBuildingWarehouse, permission: 'suppliers.manage' },
  {
    label: 'Add cancellation reason',
    href: paths.cancellationReasonCreate,
    icon: IconListCheck,
    permission: 'cancellation-reasons.manage',
  },
  { label: 'Parcel containers', href: paths.parcelContainers, icon: IconPackages, permission: 'parcels.view' },
  { label: 'Prospect map', href: paths.prospectMap, icon: IconMap2, permission: 'prospects.view-own' },
  { label: 'Device swaps', href: paths.deviceSwaps, icon: IconReplace, permission: 'devices.view' },
];

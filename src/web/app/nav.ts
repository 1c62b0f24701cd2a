import type { ComponentType } from 'react';
import {
  IconBuildingWarehouse,
  IconDeviceMobile,
  IconLayoutDashboard,
  IconListCheck,
  IconMap2,
  IconMapPin,
  IconMessage2,
  IconPackage,
  IconPackages,
  IconReceiptOff,
  IconSettings,
  IconUserMinus,
  IconUsers,
} from '@tabler/icons-react';
import { paths } from '../paths';

export interface NavEntry {
  label: string;
  href: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
}

/** Sidebar entries, in the order of the daily work: customers and their lines, then the field, then housekeeping. */
export const nav: NavEntry[] = [
  { label: 'Dashboard', href: paths.dashboard, icon: IconLayoutDashboard },
  { label: 'Customers', href: paths.customers, icon: IconUsers },
  { label: 'Subscriptions', href: paths.subscriptions, icon: IconReceiptOff },
  { label: 'Cancellations', href: paths.cancellations, icon: IconUserMinus },
  { label: 'Devices', href: paths.devices, icon: IconDeviceMobile },
  { label: 'Equipment', href: paths.equipment, icon: IconPackages },
  { label: 'Parcels', href: paths.parcels, icon: IconPackage },
  { label: 'Prospects', href: paths.prospects, icon: IconMapPin },
  { label: 'Map', href: paths.map, icon: IconMap2 },
  { label: 'Suppliers', href: paths.suppliers, icon: IconBuildingWarehouse },
  { label: 'Cancellation reasons', href: paths.cancellationReasons, icon: IconListCheck },
  { label: 'Feedback', href: paths.feedback, icon: IconMessage2 },
  { label: 'Settings', href: paths.settings, icon: IconSettings },
];

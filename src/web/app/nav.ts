import type { ComponentType } from 'react';
import { IconBuildingWarehouse, IconPackage, IconUsers } from '@tabler/icons-react';
import { IconLayoutDashboard, IconMessage2, IconSettings } from '@tabler/icons-react';
import { IconListCheck, IconReceiptOff, IconUserMinus } from '@tabler/icons-react';
import { IconDeviceMobile, IconPackages } from '@tabler/icons-react';
import { IconMap2, IconMapPin } from '@tabler/icons-react';
import { paths } from '../paths';

export interface NavEntry {
  label: string;
  href: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
}

/** Sidebar entries: only areas that exist. Each feature adds its own. */
export const nav: NavEntry[] = [
  { label: 'Dashboard', href: paths.dashboard, icon: IconLayoutDashboard },
  { label: 'Customers', href: paths.customers, icon: IconUsers },
  { label: 'Suppliers', href: paths.suppliers, icon: IconBuildingWarehouse },
  { label: 'Parcels', href: paths.parcels, icon: IconPackage },
  { label: 'Devices', href: paths.devices, icon: IconDeviceMobile },
  { label: 'Equipment', href: paths.equipment, icon: IconPackages },
  { label: 'Feedback', href: paths.feedback, icon: IconMessage2 },
  { label: 'Settings', href: paths.settings, icon: IconSettings },
  { label: 'Subscriptions', href: paths.subscriptions, icon: IconReceiptOff },
  { label: 'Cancellations', href: paths.cancellations, icon: IconUserMinus },
  { label: 'Cancellation reasons', href: paths.cancellationReasons, icon: IconListCheck },
  { label: 'Prospects', href: paths.prospects, icon: IconMapPin },
  { label: 'Map', href: paths.map, icon: IconMap2 },
];

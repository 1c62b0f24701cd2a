import type { ComponentType } from 'react';
import { IconLayoutDashboard } from '@tabler/icons-react';
import { paths } from '../paths';

export interface NavEntry {
  label: string;
  href: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
}

/** Sidebar entries: only areas that exist. Each feature adds its own. */
export const nav: NavEntry[] = [{ label: 'Dashboard', href: paths.dashboard, icon: IconLayoutDashboard }];

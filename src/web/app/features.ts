import type { Feature, NavEntry, NavItem, PagePermission } from './feature';
import { paths } from '../paths';
import { auditFeature } from '../features/audit/feature';
import { jobsFeature } from '../features/jobs/feature';
import { authFeature } from '../features/auth/feature';
import { cancellationReasonsFeature } from '../features/cancellation-reasons/feature';
import { cancellationsFeature } from '../features/cancellations/feature';
import { customersFeature } from '../features/customers/feature';
import { dashboardFeature } from '../features/dashboard/feature';
import { deviceSwapsFeature } from '../features/device-swaps/feature';
import { devicesFeature } from '../features/devices/feature';
import { equipmentFeature } from '../features/equipment/feature';
import { feedbackFeature } from '../features/feedback/feature';
import { mapsFeature } from '../features/maps/feature';
import { notificationsFeature } from '../features/notifications/feature';
import { parcelsFeature } from '../features/parcels/feature';
import { prospectsFeature } from '../features/prospects/feature';
import { settingsFeature } from '../features/settings/feature';
import { accountFeature, staffFeature } from '../features/staff/feature';
import { subscriptionsFeature } from '../features/subscriptions/feature';
import { suppliersFeature } from '../features/suppliers/feature';

/**
 * Every feature with pages, in the sidebar's order (the order of the daily work: customers and their lines, then the
 * field, then housekeeping, then the user's own account). The router, the sidebar and the command palette are built
 * from this list.
 */
export const features: Feature[] = [
  dashboardFeature,
  customersFeature,
  subscriptionsFeature,
  cancellationsFeature,
  devicesFeature,
  deviceSwapsFeature,
  equipmentFeature,
  parcelsFeature,
  prospectsFeature,
  mapsFeature,
  suppliersFeature,
  cancellationReasonsFeature,
  feedbackFeature,
  staffFeature,
  settingsFeature,
  auditFeature,
  jobsFeature,
  notificationsFeature,
  accountFeature,
  authFeature,
];

const pages = features.flatMap((feature) => feature.routes ?? []);

/** What opening the page at `href` needs, as its route declares it: the one place a page's permission is written. */
export function pagePermission(href: string): PagePermission {
  const page = pages.find((route) => (route.index ? paths.dashboard : route.path) === href);
  if (!page) throw new Error(`No page is declared at ${href}.`);
  return page.permission;
}

const offered = (item: NavItem): NavEntry => ({ ...item, permission: pagePermission(item.href) });

export const nav = features.flatMap((feature) => feature.nav ?? []).map(offered);
export const actions = features.flatMap((feature) => feature.actions ?? []).map(offered);

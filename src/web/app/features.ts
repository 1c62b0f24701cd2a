import type { Feature } from './feature';
import { auditFeature } from '../features/audit/feature';
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
import { parcelsFeature } from '../features/parcels/feature';
import { prospectsFeature } from '../features/prospects/feature';
import { settingsFeature } from '../features/settings/feature';
import { staffFeature } from '../features/staff/feature';
import { subscriptionsFeature } from '../features/subscriptions/feature';
import { suppliersFeature } from '../features/suppliers/feature';

/**
 * Every feature with pages, in the sidebar's order (the order of the daily work: customers and their lines, then the
 * field, then housekeeping). The router, the sidebar and the command palette are built from this list.
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
  authFeature,
];

export const nav = features.flatMap((feature) => feature.nav ?? []);
export const actions = features.flatMap((feature) => feature.actions ?? []);

import { fillPath } from '../contract/endpoint';
import {
  CUSTOMERS_PAGE,
  DASHBOARD_PAGE,
  LOGIN_PAGE,
  MAP_PAGE,
  NOTIFICATIONS_PAGE,
  PROSPECT_MAP_PAGE,
  SET_PASSWORD_PAGE,
} from '../contract/pages';

/** Every page path of the web app, defined once; `href(paths.device, { id })` fills a pattern's parameters. */
export const paths = {
  dashboard: DASHBOARD_PAGE,
  login: LOGIN_PAGE,
  setPassword: SET_PASSWORD_PAGE,
  customers: CUSTOMERS_PAGE,
  customer: '/admin/customers/:id',
  suppliers: '/admin/suppliers',
  supplierCreate: '/admin/suppliers/create',
  supplierEdit: '/admin/suppliers/:id/edit',
  parcels: '/admin/parcels',
  parcelCreate: '/admin/parcels/create',
  parcelContainers: '/admin/parcels/containers',
  devices: '/admin/devices',
  device: '/admin/devices/:id',
  deviceSwaps: '/admin/device-swaps',
  deviceReplace: '/admin/devices/:id/replace',
  equipment: '/admin/equipment',
  equipmentItem: '/admin/equipment/:id',
  feedback: '/admin/feedback',
  settings: '/admin/settings',
  lookupEmailSettings: '/admin/settings/lookup-email',
  subscriptions: '/admin/subscriptions',
  subscription: '/admin/subscriptions/:id',
  cancellations: '/admin/subscription-cancellations',
  cancellationReasons: '/admin/cancellation-reasons',
  cancellationReasonCreate: '/admin/cancellation-reasons/create',
  cancellationReasonEdit: '/admin/cancellation-reasons/:id/edit',
  prospects: '/admin/prospects',
  prospectCreate: '/admin/prospects/create',
  prospectMap: PROSPECT_MAP_PAGE,
  prospect: '/admin/prospects/:id',
  map: MAP_PAGE,
  users: '/admin/users',
  account: '/admin/account',
  notifications: NOTIFICATIONS_PAGE,
  audit: '/admin/audit',
  jobs: '/admin/jobs',
} as const;

/** The names of a pattern's `:params`, so a link can neither miss nor invent one. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

export function href<P extends string>(
  pattern: P,
  ...[params]: [ParamNames<P>] extends [never] ? [] : [Record<ParamNames<P>, string | number>]
): string {
  return fillPath(pattern, params);
}

import { sql } from 'drizzle-orm';
import { unnestSelect, type TableSpec } from './bulk-insert';

/** Column lists of the generated tables, in the order generators pass values. */

export const CUSTOMERS: TableSpec = {
  table: 'customers',
  columns: [
    ['id', 'int4'],
    ['name', 'text'],
    ['email', 'text'],
    ['phone', 'text'],
    ['address', 'text'],
    ['city', 'text'],
    ['state', 'text'],
    ['zip', 'text'],
    ['lat', 'float8'],
    ['lng', 'float8'],
    ['created_at', 'epoch'],
  ],
};

export const REFERRAL_CODES: TableSpec = {
  table: 'referral_codes',
  columns: [
    ['id', 'int4'],
    ['code', 'text'],
    ['customer_id', 'int4'],
    ['created_at', 'epoch'],
  ],
};

export const DEVICES: TableSpec = {
  table: 'devices',
  columns: [
    ['id', 'int4'],
    ['imei', 'text'],
    ['sim', 'text'],
    ['phone', 'text'],
    ['product_id', 'int4'],
    ['device_status_id', 'int4'],
    ['supplier_id', 'int4'],
    ['unavailable', 'bool'],
    ['blacklist_hold', 'bool'],
    ['line_deleted_at', 'epoch'],
    ['deployed_at', 'epoch'],
    ['created_at', 'epoch'],
    ['updated_at', 'epoch'],
  ],
};

export const SUBSCRIPTIONS: TableSpec = {
  table: 'subscriptions',
  columns: [
    ['id', 'int4'],
    ['customer_id', 'int4'],
    ['device_id', 'int4'],
    ['carrier_id', 'int4'],
    ['source', 'enum:order_source'],
    ['referral_code_id', 'int4'],
    ['price', 'numeric'],
    ['status', 'enum:subscription_status'],
    ['ordered_at', 'epoch'],
    ['cancelled_at', 'epoch'],
    ['cancellation_reason_id', 'int4'],
    ['created_at', 'epoch'],
    ['updated_at', 'epoch'],
  ],
};

export const CANCELLATIONS: TableSpec = {
  table: 'subscription_cancellations',
  columns: [
    ['subscription_id', 'int4'],
    ['cancelled_at', 'epoch'],
    ['is_return', 'bool'],
    ['cancellation_reason_id', 'int4'],
    ['return_reason_id', 'int4'],
    ['created_at', 'epoch'],
    ['updated_at', 'epoch'],
  ],
};

/**
 * Renewals are the bulk of the data (tens of millions of rows at the large scale), so the generator sends one
 * schedule per subscription (id, order instant, price, number of renewals) and the database expands it: renewal g
 * falls g calendar months after the order in the business time zone, gross is the price, net a steady 70-80 % of it.
 */
export function renewalSchedules(timeZone: string): TableSpec {
  const spec: TableSpec = {
    table: 'renewals',
    columns: [
      ['subscription_id', 'int4'],
      ['ordered_at', 'epoch'],
      ['price', 'numeric'],
      ['renewals', 'int4'],
    ],
    statement: (columns) => sql`
      INSERT INTO renewals (subscription_id, renewed_at, gross, net)
      SELECT s.id,
             ((to_timestamp(s.ordered) AT TIME ZONE ${timeZone}) + make_interval(months => g)) AT TIME ZONE ${timeZone},
             s.price,
             round(s.price * (0.70 + ((s.id::int8 * 7919 + g * 104729) % 1001) / 10000.0), 2)
      FROM (${unnestSelect(
        spec.columns.map(([, type]) => type),
        columns,
        (alias) => alias,
      )}) AS s(id, ordered, price, n)
      CROSS JOIN LATERAL generate_series(1, s.n) AS g`,
  };
  return spec;
}

export const CREDITS: TableSpec = {
  table: 'credits',
  columns: [
    ['customer_id', 'int4'],
    ['subscription_id', 'int4'],
    ['amount', 'numeric'],
    ['due_on', 'day'],
    ['applied_at', 'epoch'],
  ],
};

export const LOOKUP_REQUESTS: TableSpec = {
  table: 'plan_lookup_requests',
  columns: [
    ['id', 'int4'],
    ['email', 'text'],
    ['requested_at', 'epoch'],
    ['converted_at', 'epoch'],
    ['subscription_id', 'int4'],
  ],
};

export const PROMO_EMAILS: TableSpec = {
  table: 'promo_emails',
  columns: [
    ['plan_lookup_request_id', 'int4'],
    ['sent_at', 'epoch'],
    ['converted_at', 'epoch'],
  ],
};

export const DEVICE_SWAPS: TableSpec = {
  table: 'device_swaps',
  columns: [
    ['device_id', 'int4'],
    ['supplier_id', 'int4'],
    ['customer_id', 'int4'],
    ['swapped_at', 'epoch'],
  ],
};

export const RESET_REQUESTS: TableSpec = {
  table: 'reset_requests',
  columns: [
    ['device_id', 'int4'],
    ['supplier_id', 'int4'],
    ['requested_at', 'epoch'],
  ],
};

export const PARCELS: TableSpec = {
  table: 'parcels',
  columns: [
    ['customer_id', 'int4'],
    ['device_id', 'int4'],
    ['direction', 'enum:parcel_direction'],
    ['container_id', 'int4'],
    ['length', 'numeric'],
    ['width', 'numeric'],
    ['height', 'numeric'],
    ['weight', 'numeric'],
    ['created_by_id', 'int4'],
    ['created_at', 'epoch'],
  ],
};

export const EQUIPMENT: TableSpec = {
  table: 'equipment',
  columns: [
    ['imei', 'text'],
    ['product_id', 'int4'],
    ['state', 'enum:equipment_state'],
    ['from_device_id', 'int4'],
    ['customer_id', 'int4'],
    ['created_at', 'epoch'],
    ['updated_at', 'epoch'],
  ],
};

export const LOANERS: TableSpec = {
  table: 'loaners',
  columns: [
    ['device_id', 'int4'],
    ['customer_id', 'int4'],
    ['started_at', 'epoch'],
    ['returned_at', 'epoch'],
  ],
};

export const PROSPECTS: TableSpec = {
  table: 'prospects',
  columns: [
    ['id', 'int4'],
    ['rep_id', 'int4'],
    ['created_by_id', 'int4'],
    ['customer_id', 'int4'],
    ['name', 'text'],
    ['address', 'text'],
    ['city', 'text'],
    ['state', 'text'],
    ['zip', 'text'],
    ['lat', 'float8'],
    ['lng', 'float8'],
    ['location_source', 'enum:location_source'],
    ['new_construction', 'bool'],
    ['prospect_action_id', 'int4'],
    ['action_taken', 'text'],
    ['offered_promotion', 'bool'],
    ['comments', 'text'],
    ['revenue', 'numeric'],
    ['converted_at', 'epoch'],
    ['subscription_id', 'int4'],
    ['created_at', 'epoch'],
  ],
};

export const SPEED_TESTS: TableSpec = {
  table: 'prospect_speed_tests',
  columns: [
    ['prospect_id', 'int4'],
    ['carrier_id', 'int4'],
    ['reading1', 'numeric'],
    ['reading2', 'numeric'],
    ['reading3', 'numeric'],
  ],
};

export const PROSPECT_TOPOGRAPHIES: TableSpec = {
  table: 'prospect_topographies',
  columns: [
    ['prospect_id', 'int4'],
    ['topography_id', 'int4'],
  ],
};

export const SITE_VISITS: TableSpec = {
  table: 'site_visits',
  columns: [
    ['day', 'day'],
    ['visitors', 'int4'],
  ],
};

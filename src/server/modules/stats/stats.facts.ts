import { RETURN_WINDOW_DAYS } from '../../../contract/business';

/*
 * The definitions of §2's series, written once as SQL: every base-table row contributes "facts"
 * (metric, business-local day, key, value). The daily rollup is the GROUP BY of these facts, kept current by
 * triggers that apply them to the rows each statement wrote; the naive way computes the same GROUP BY per request.
 * `key` is a carrier id for orders, a reason or supplier id for per-reason/per-supplier metrics, 1 for returns
 * and cancellations of Google CPC orders (0 for others), and 0 otherwise.
 */

/** SQL of the business-local calendar day of an instant column, for the time-zone expression `tz`. */
export type LocalDay = (column: string) => string;

export interface FactSource {
  table: string;
  /** Instant columns a fact day comes from; the naive query filters on them so it can use their indexes. */
  instants: readonly string[];
  metrics: readonly string[];
  /** The facts of the rows of `from` (a table or a trigger's transition table), aliased `r`. */
  facts(from: string, local: LocalDay): string;
}

const facts = (from: string, values: string[]) => `SELECT f.metric, f.day, f.key, f.value FROM ${from} r
  CROSS JOIN LATERAL (VALUES ${values.join(',\n    ')}) AS f(metric, day, key, value)
  WHERE f.value IS NOT NULL AND f.day IS NOT NULL`;

/** The 21-day rule of src/server/seed/rules.ts: the order's calendar day plus up to 21 days, in the business zone. */
export const isReturnSql = (orderedDay: string, cancelledDay: string) =>
  `${cancelledDay} - ${orderedDay} <= ${RETURN_WINDOW_DAYS}`;

const whenSet = (column: string, value = '1') => `CASE WHEN r.${column} IS NOT NULL THEN ${value} END`;

export const FACT_SOURCES: readonly FactSource[] = [
  {
    table: 'subscriptions',
    instants: ['ordered_at', 'cancelled_at'],
    metrics: ['orders', 'orders_cpc', 'orders_referral', 'returns', 'cancellations', 'mrr'],
    facts: (from, local) => {
      const ordered = local('r.ordered_at');
      const cancelled = local('r.cancelled_at');
      const cpc = `CASE WHEN r.source = 'google_cpc' THEN 1 ELSE 0 END`;
      const isReturn = isReturnSql(ordered, cancelled);
      return facts(from, [
        `('orders', ${ordered}, r.carrier_id, 1::numeric)`,
        `('orders_cpc', ${ordered}, 0, CASE WHEN r.source = 'google_cpc' THEN 1 END)`,
        `('orders_referral', ${ordered}, 0, CASE WHEN r.referral_code_id IS NOT NULL THEN 1 END)`,
        `('returns', ${cancelled}, ${cpc}, CASE WHEN ${isReturn} THEN 1 END)`,
        `('cancellations', ${cancelled}, ${cpc}, CASE WHEN NOT (${isReturn}) THEN 1 END)`,
        `('mrr', ${ordered}, 0, r.price)`,
        `('mrr', ${cancelled}, 0, -r.price)`,
      ]);
    },
  },
  {
    table: 'subscription_cancellations',
    instants: ['cancelled_at'],
    metrics: ['cancellation_reason', 'return_reason'],
    facts: (from, local) =>
      facts(from, [
        `('cancellation_reason', ${local('r.cancelled_at')}, r.cancellation_reason_id, CASE WHEN r.cancellation_reason_id <> 0 THEN 1::numeric END)`,
        `('return_reason', ${local('r.cancelled_at')}, r.return_reason_id, CASE WHEN r.is_return AND r.return_reason_id IS NOT NULL THEN 1 END)`,
      ]),
  },
  {
    table: 'renewals',
    instants: ['renewed_at'],
    metrics: ['renewal_gross', 'renewal_net'],
    facts: (from, local) =>
      facts(from, [
        `('renewal_gross', ${local('r.renewed_at')}, 0, r.gross)`,
        `('renewal_net', ${local('r.renewed_at')}, 0, r.net)`,
      ]),
  },
  {
    table: 'site_visits',
    instants: [],
    metrics: ['visitors'],
    facts: (from) => facts(from, [`('visitors', r.day, 0, r.visitors::numeric)`]),
  },
  {
    table: 'device_swaps',
    instants: ['swapped_at'],
    metrics: ['swaps'],
    facts: (from, local) =>
      facts(from, [`('swaps', ${local('r.swapped_at')}, coalesce(r.supplier_id, 0), 1::numeric)`]),
  },
  {
    table: 'reset_requests',
    instants: ['requested_at'],
    metrics: ['resets'],
    facts: (from, local) =>
      facts(from, [`('resets', ${local('r.requested_at')}, coalesce(r.supplier_id, 0), 1::numeric)`]),
  },
  {
    table: 'plan_lookup_requests',
    instants: ['requested_at', 'converted_at'],
    metrics: ['lookup_requests', 'lookup_conversions'],
    facts: (from, local) =>
      facts(from, [
        `('lookup_requests', ${local('r.requested_at')}, 0, 1::numeric)`,
        `('lookup_conversions', ${local('r.converted_at')}, 0, ${whenSet('converted_at')})`,
      ]),
  },
  {
    table: 'promo_emails',
    instants: ['sent_at', 'converted_at'],
    metrics: ['promo_sent', 'promo_converted'],
    facts: (from, local) =>
      facts(from, [
        `('promo_sent', ${local('r.sent_at')}, 0, 1::numeric)`,
        `('promo_converted', ${local('r.converted_at')}, 0, ${whenSet('converted_at')})`,
      ]),
  },
  {
    table: 'prospects',
    instants: ['created_at', 'converted_at'],
    metrics: ['prospects', 'prospect_conversions', 'prospect_revenue'],
    facts: (from, local) =>
      facts(from, [
        `('prospects', ${local('r.created_at')}, 0, 1::numeric)`,
        `('prospect_conversions', ${local('r.converted_at')}, 0, ${whenSet('converted_at')})`,
        `('prospect_revenue', ${local('r.converted_at')}, 0, ${whenSet('converted_at', 'r.revenue')})`,
      ]),
  },
];

export function sourceOf(metric: string): FactSource {
  const source = FACT_SOURCES.find((s) => s.metrics.includes(metric));
  if (!source) throw new Error(`No fact source for metric ${metric}`);
  return source;
}

/** The local day of an instant column for a time-zone SQL expression (a plpgsql variable or a quoted literal). */
export const localDayIn =
  (tz: string): LocalDay =>
  (column) =>
    `(${column} AT TIME ZONE ${tz})::date`;

export const quoteLiteral = (text: string) => `'${text.replaceAll("'", "''")}'`;

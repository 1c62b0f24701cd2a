import { CARRIERS, RETURN_REASONS } from '../../../contract/business';
import type { StatsEndpoint } from '../../../contract/stats';
import type { DateRange } from '../../../charts/dashboard/trends';
import { paths } from '../../paths';

/** The ids of the records a chart names its series after, by name. */
export interface DrillNames {
  ids: ReadonlyMap<string, number>;
}

/** The list behind a point: the rows a series counts in a period (click-through); null for none. */
export type Drill = (field: string, period: DateRange, names: DrillNames) => string | null;

/** A list's address with its filters. */
const address = (path: string, filters: Record<string, string | number>) =>
  `${path}?${new URLSearchParams(Object.fromEntries(Object.entries(filters).map(([k, v]) => [k, String(v)])))}`;

/** A reason list's address with its filters; every row, not only those needing a reason. */
const list = (path: string, filters: Record<string, string | number>) => address(path, { ...filters, needsReason: 0 });

/** Orders, returns and cancellations of a period open the subscriptions or cancellations it counts. */
const activityDrill: Drill = (field, { from, to }) =>
  field === 'returns'
    ? list(paths.cancellations, { type: 'return', from, to })
    : field === 'cancellations'
      ? list(paths.cancellations, { type: 'cancellation', from, to })
      : list(paths.subscriptions, { from, to });

/**
 * The 21-day returns of one model among the latest `latestDevices` deployed devices, exactly as its bar of
 * "21-day returns by product" counts them; none for SIM Only.
 */
export const modelReturnsAddress = (productId: number | null, latestDevices: number) =>
  productId === null ? null : list(paths.cancellations, { type: 'return', productId, latestDevices });

/**
 * The click-through of the trend charts whose rows have a list (ADR 018), by chart: page addresses, so they live
 * with the page, beside the charts' definitions that the server's pictures share.
 */
export const DRILLS: Partial<Record<StatsEndpoint, Drill>> = {
  'subscription-activity-trend': activityDrill,
  'total-orders-trend': (field, { from, to }) =>
    field === 'cancellations' ? list(paths.cancellations, { from, to }) : list(paths.subscriptions, { from, to }),
  'orders-by-carrier-trend': (field, { from, to }) => {
    const carrier = CARRIERS.find((c) => c.seriesKey === field);
    return carrier ? list(paths.subscriptions, { carrierId: carrier.id, from, to }) : null;
  },
  'cancellation-reason-trend': (field, { from, to }, { ids }) => {
    const reasonId = ids.get(field);
    return reasonId ? list(paths.cancellations, { reasonId, from, to }) : null;
  },
  // Return reasons are fixed reference data, their ids in the contract as the carriers' are: no request needed.
  'subscription-return-reason-trend': (field, { from, to }) => {
    const reason = RETURN_REASONS.find((r) => r.name === field);
    return reason ? list(paths.cancellations, { type: 'return', returnReasonId: reason.id, from, to }) : null;
  },
  'swaps-by-supplier-trend': (field, { from, to }, { ids }) => {
    const supplierId = ids.get(field);
    return supplierId ? address(paths.deviceSwaps, { supplierId, from, to }) : null;
  },
};

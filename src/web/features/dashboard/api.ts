import { keepPreviousData } from '@tanstack/react-query';
import { statsEndpoints, trendName, type KpiQuery, type StatsEndpoint, type StatsView } from '../../../contract/stats';
import { prefetchApiQuery, useApiQuery } from '../../lib/data';
import { queryClient } from '../../lib/query-client';
import { defaultRowLimit, EAGER_CHARTS, TREND_CHARTS } from '../../../charts/dashboard/trends';
import { preloadCharts } from '../../ui';

// Loaded views stay cached for the whole visit, even when unused for a while: going back makes no request (§2).
const cached = { gcTime: Infinity } as const;

interface TrendAsked {
  limit?: number;
  before?: number;
  range?: { from: string; to: string };
}

const trendInput = (endpoint: StatsEndpoint, view: StatsView, { limit, before, range }: TrendAsked) => ({
  params: { name: trendName(endpoint, view) },
  query: { limit, before, ...range },
});

export function useTrend(
  endpoint: StatsEndpoint,
  view: StatsView,
  { enabled, ...asked }: TrendAsked & { enabled: boolean },
) {
  return useApiQuery(statsEndpoints.trend, trendInput(endpoint, view, asked), { ...cached, enabled });
}

/**
 * The first charts' default views, asked for while the page's code is still loading (the route's loader), and the
 * chart library's code beside them.
 */
export function prefetchFirstCharts(): void {
  preloadCharts();
  for (const def of TREND_CHARTS.slice(0, EAGER_CHARTS))
    prefetchApiQuery(
      queryClient,
      statsEndpoints.trend,
      trendInput(def.endpoint, def.defaultView, { limit: defaultRowLimit(def) }),
      cached,
    );
}

export function useReturnRate(limit: number, enabled: boolean) {
  return useApiQuery(statsEndpoints.returnRateByModel, { params: { limit } }, { ...cached, enabled });
}

export function useUpcomingCredits(enabled: boolean) {
  return useApiQuery(statsEndpoints.upcomingCredits, {}, { ...cached, enabled });
}

/** The headline figures of a range (null: none chosen yet); the last figures stay shown while new ones load. */
export function useKpis(range: KpiQuery | null) {
  return useApiQuery(
    statsEndpoints.kpis,
    { query: range ?? {} },
    { ...cached, enabled: range !== null, placeholderData: keepPreviousData },
  );
}

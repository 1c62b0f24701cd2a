import { keepPreviousData } from '@tanstack/react-query';
import { statsEndpoints, trendName, type KpiQuery, type StatsEndpoint, type StatsView } from '../../../contract/stats';
import { useApiQuery } from '../../ui';

// Loaded views stay cached for the whole visit, even when unused for a while: going back makes no request (§2).
const cached = { gcTime: Infinity } as const;

export function useTrend(
  endpoint: StatsEndpoint,
  view: StatsView,
  {
    enabled,
    limit,
    before,
    range,
  }: { enabled: boolean; limit?: number; before?: number; range?: { from: string; to: string } },
) {
  return useApiQuery(
    statsEndpoints.trend,
    { params: { name: trendName(endpoint, view) }, query: { limit, before, ...range } },
    { ...cached, enabled },
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

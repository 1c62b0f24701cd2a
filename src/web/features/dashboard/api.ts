import { statsEndpoints, trendName, type StatsEndpoint, type StatsView } from '../../../contract/stats';
import { useApiQuery } from '../../ui';

// Loaded views stay cached for the whole visit, even when unused for a while: going back makes no request (§2).
const cached = { gcTime: Infinity } as const;

export function useTrend(
  endpoint: StatsEndpoint,
  view: StatsView,
  { enabled, limit }: { enabled: boolean; limit?: number },
) {
  return useApiQuery(
    statsEndpoints.trend,
    { params: { name: trendName(endpoint, view) }, query: { limit } },
    { ...cached, enabled },
  );
}

export function useReturnRate(limit: number, enabled: boolean) {
  return useApiQuery(statsEndpoints.returnRateByModel, { params: { limit } }, { ...cached, enabled });
}

export function useUpcomingCredits(enabled: boolean) {
  return useApiQuery(statsEndpoints.upcomingCredits, {}, { ...cached, enabled });
}

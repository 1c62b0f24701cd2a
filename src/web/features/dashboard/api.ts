import { useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http';
import {
  statsPaths,
  type ReturnRateRow,
  type StatsEndpoint,
  type StatsRow,
  type StatsView,
  type UpcomingCredits,
} from '../../../contract/stats';

// Loaded views stay cached for the whole visit, even when unused for a while: going back makes no request (§2).
const cached = { gcTime: Infinity } as const;

export function useTrend(
  endpoint: StatsEndpoint,
  view: StatsView,
  { enabled, limit }: { enabled: boolean; limit?: number },
) {
  return useQuery({
    ...cached,
    queryKey: ['stats', endpoint, view, limit ?? null],
    enabled,
    queryFn: () => http.get<StatsRow[]>(statsPaths.trend(endpoint, view), limit ? { limit: String(limit) } : undefined),
  });
}

export function useReturnRate(limit: number, enabled: boolean) {
  return useQuery({
    ...cached,
    queryKey: ['stats', 'return-rate-by-model', limit],
    enabled,
    queryFn: () => http.get<ReturnRateRow[]>(statsPaths.returnRateByModel(limit)),
  });
}

export function useUpcomingCredits(enabled: boolean) {
  return useQuery({
    ...cached,
    queryKey: ['stats', 'upcoming-credits'],
    enabled,
    queryFn: () => http.get<UpcomingCredits>(statsPaths.upcomingCredits),
  });
}

import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { queryClient } from '../../lib/query-client';
import { stubFetch } from '../../test/renderWithProviders';
import { prefetchFirstCharts, useTrend } from './api';
import { DASHBOARD_OPENING_TRENDS } from '../../../contract/stats';
import { defaultRowLimit, EAGER_CHARTS, TREND_CHARTS } from '../../../charts/dashboard/trends';

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe("the dashboard's first charts", () => {
  it('are asked for by the route before the page renders, and the charts then find their answers', async () => {
    const { calls, fetchStub } = stubFetch({ status: 200, body: [] });
    vi.stubGlobal('fetch', fetchStub);
    prefetchFirstCharts();
    expect(calls).toHaveLength(EAGER_CHARTS);

    // The charts as they render: the same questions, so no second request.
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const charts = TREND_CHARTS.slice(0, EAGER_CHARTS).map(
      (def) =>
        renderHook(() => useTrend(def.endpoint, def.defaultView, { enabled: true, limit: defaultRowLimit(def) }), {
          wrapper,
        }).result,
    );
    await waitFor(() => expect(charts.every((chart) => chart.current.isSuccess)).toBe(true));
    expect(calls).toHaveLength(EAGER_CHARTS);
  });

  it("are the contract's opening trends in their default views, which the dashboard's HTML asks for the same way", () => {
    const first = TREND_CHARTS.slice(0, EAGER_CHARTS);
    expect(first.map((def) => ({ endpoint: def.endpoint, view: def.defaultView }))).toEqual(DASHBOARD_OPENING_TRENDS);
    // The server's HTML asks for them with no query: a row limit would make it another URL.
    expect(first.map(defaultRowLimit)).toEqual(first.map(() => undefined));
  });
});

import { useMemo, useState } from 'react';
import { Card, Group, SegmentedControl, Select, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { ROW_LIMIT_OPTIONS } from '../../../contract/business';
import { STATS_VIEWS, type StatsView } from '../../../contract/stats';
import { Chart, useInView } from '../../ui/chart/Chart';
import { ErrorState, LoadingState } from '../../ui';
import { useTrend } from './api';
import { trendOption } from './chartOptions';
import { viewsOf, type TrendChartDef } from './charts';

/** A chart card with its view switcher; it asks for its data once it comes into view, then keeps each view cached. */
export function TrendChart({ def }: { def: TrendChartDef }) {
  const [view, setView] = useState<StatsView>(def.defaultView);
  const [limit, setLimit] = useState<number | undefined>(def.rowLimit ? ROW_LIMIT_OPTIONS[0] : undefined);
  const [ref, inView] = useInView<HTMLDivElement>();
  const query = useTrend(def.endpoint, view, { enabled: inView, limit });
  const option = useMemo(() => (query.data ? trendOption(def, query.data, view) : null), [def, query.data, view]);
  const titleId = `chart-${def.endpoint}`;
  const views = viewsOf(def).map((v) => ({ value: v, label: STATS_VIEWS[v].label }));
  // Four view buttons do not fit a phone: a select takes their place there.
  const narrow = useMediaQuery('(max-width: 30em)') && views.length > 3;

  return (
    <Card withBorder padding="md" ref={ref} aria-labelledby={titleId} component="section" data-chart={def.endpoint}>
      <Group justify="space-between" align="center" mb="sm" gap="xs">
        <Title order={2} size="h4" id={titleId}>
          {def.title}
        </Title>
        <Group gap="xs">
          {def.rowLimit && (
            <Select
              aria-label={`Rows of ${def.title}`}
              size="xs"
              w={80}
              allowDeselect={false}
              data={ROW_LIMIT_OPTIONS.map(String)}
              value={String(limit)}
              onChange={(v) => setLimit(Number(v))}
            />
          )}
          {narrow ? (
            <Select
              aria-label={`Period of ${def.title}`}
              size="xs"
              w={140}
              allowDeselect={false}
              data={views}
              value={view}
              onChange={(v) => setView(v as StatsView)}
            />
          ) : (
            <SegmentedControl
              size="xs"
              aria-label={`Period of ${def.title}`}
              value={view}
              onChange={(v) => setView(v as StatsView)}
              data={views}
            />
          )}
        </Group>
      </Group>
      {query.isError ? (
        <ErrorState message={`${def.title} could not be loaded.`} onRetry={() => void query.refetch()} />
      ) : option ? (
        <Chart option={option} height={def.height} label={`${def.title}, ${STATS_VIEWS[view].label}`} />
      ) : (
        <div style={{ height: def.height }}>
          <LoadingState label={`Loading ${def.title}…`} />
        </div>
      )}
    </Card>
  );
}

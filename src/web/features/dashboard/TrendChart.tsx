import { useMemo, useState } from 'react';
import { Card, Group, SegmentedControl, Select, Switch, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useNavigate } from 'react-router';
import { ROW_LIMIT_OPTIONS } from '../../../contract/business';
import { STATS_VIEWS, type StatsView } from '../../../contract/stats';
import {
  DateField,
  EmptyState,
  ErrorState,
  formatDate,
  LoadingState,
  Chart,
  useInView,
  ChartLegend,
  ChartDataTable,
  ChartMenu,
} from '../../ui';
import { PALETTE_17 } from '../../../contract/business';
import { useTrend } from './api';
import { isEmptyTrend, seriesOf, trendOption, trendTable } from './chartOptions';
import { defaultRowLimit, viewForRange, viewsOf, type TrendChartDef } from './charts';
import { useCancellationReasons } from '../cancellation-reasons';
import { useSupplierNames } from '../suppliers';

const CUSTOM = 'custom';
/** What one period of a view is, to say how a chosen range is drawn. */
const VIEW_UNIT: Record<StatsView, string> = { daily: 'day', weekly: 'week', monthly: 'month', yearly: 'year' };

/**
 * A chart card with its view switcher; it asks for its data once it comes into view (at once when `eager`, for the
 * charts the page opens on), then keeps each view cached.
 */
export function TrendChart({ def, eager = false }: { def: TrendChartDef; eager?: boolean }) {
  const [chosen, setChosen] = useState<StatsView | typeof CUSTOM>(def.defaultView);
  // "Custom": a range of days, drawn in the finest view that keeps it readable; until both ends are set, the
  // default view stays drawn.
  const [custom, setCustom] = useState<{ from: string | null; to: string | null }>({ from: null, to: null });
  const range =
    chosen === CUSTOM && custom.from && custom.to && custom.from <= custom.to
      ? { from: custom.from, to: custom.to }
      : undefined;
  const view = chosen !== CUSTOM ? chosen : range ? viewForRange(def, range) : def.defaultView;
  /** What the chart shows, for its label and its table's caption. */
  const shownAs = range ? `${formatDate(range.from)} to ${formatDate(range.to)}` : STATS_VIEWS[view].label;
  const [limit, setLimit] = useState<number | undefined>(defaultRowLimit(def));
  const [ref, seen] = useInView<HTMLDivElement>();
  // Eager charts need not wait for the first layout to learn they are in view.
  const inView = eager || seen;
  const query = useTrend(def.endpoint, view, { enabled: inView, limit: range ? undefined : limit, range });
  // "Compare": the same view over the stretch just before, drawn faint (line charts; all-time views and chosen
  // ranges have none).
  const [compare, setCompare] = useState(false);
  const comparable = def.type === 'line' && view !== 'yearly' && chosen !== CUSTOM;
  const periods = query.data?.length ?? 0;
  const before = useTrend(def.endpoint, view, {
    enabled: inView && compare && comparable && periods > 0,
    limit,
    before: periods,
  });
  const previous = compare && comparable ? before.data : undefined;
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const toggle = (name: string) =>
    setHidden((current) => {
      const next = new Set(current);
      if (!next.delete(name)) next.add(name);
      return next;
    });
  const option = useMemo(
    () => (query.data ? trendOption(def, query.data, view, hidden, previous) : null),
    [def, query.data, view, hidden, previous],
  );
  const legend = query.data
    ? seriesOf(def, query.data).map((s) => ({ name: s.name, color: s.color ?? PALETTE_17[0]! }))
    : [];
  // Charts whose series are named after reasons or suppliers open their rows by the record's id.
  const reasons = useCancellationReasons({ enabled: def.seriesNamedAfter === 'cancellationReasons' });
  const suppliers = useSupplierNames({ enabled: def.seriesNamedAfter === 'suppliers' });
  const named = def.seriesNamedAfter === 'suppliers' ? suppliers.data : reasons.data;
  const names = useMemo(() => ({ ids: new Map((named ?? []).map((r) => [r.name, r.id])) }), [named]);
  const table = useMemo(
    () => (query.data ? trendTable(def, query.data, view, hidden, previous, names) : null),
    [def, query.data, view, hidden, previous, names],
  );
  const [tableShown, setTableShown] = useState(false);
  const navigate = useNavigate();
  const titleId = `chart-${def.endpoint}`;
  const views = [
    ...viewsOf(def).map((v) => ({ value: v as string, label: STATS_VIEWS[v].label })),
    { value: CUSTOM, label: 'Custom' },
  ];
  // Four view buttons do not fit a phone: a select takes their place there.
  const narrow = useMediaQuery('(max-width: 30em)') && views.length > 3;

  return (
    <Card withBorder padding="md" ref={ref} aria-labelledby={titleId} component="section" data-chart={def.endpoint}>
      <Group justify="space-between" align="center" mb="sm" gap="xs">
        <Title order={2} size="h4" id={titleId}>
          {def.title}
        </Title>
        <Group gap="xs">
          {comparable && (
            <Switch
              size="xs"
              label="Compare"
              aria-label={`Compare ${def.title} with the period before`}
              checked={compare}
              onChange={(e) => setCompare(e.currentTarget.checked)}
            />
          )}
          <ChartMenu
            title={def.title}
            table={table}
            card={ref}
            tableShown={tableShown}
            onToggleTable={() => setTableShown((shown) => !shown)}
          />
          {def.rowLimit && (
            <Group gap={4} wrap="nowrap">
              <Text component="label" htmlFor={`${titleId}-limit`} size="xs" c="dimmed">
                At most
              </Text>
              <Select
                id={`${titleId}-limit`}
                aria-label={`At most how many periods of ${def.title}`}
                size="xs"
                w={80}
                allowDeselect={false}
                data={ROW_LIMIT_OPTIONS.map(String)}
                value={String(limit)}
                onChange={(v) => setLimit(Number(v))}
              />
            </Group>
          )}
          {narrow ? (
            <Select
              aria-label={`Period of ${def.title}`}
              size="xs"
              w={140}
              allowDeselect={false}
              data={views}
              value={chosen}
              onChange={(v) => setChosen(v as StatsView | typeof CUSTOM)}
            />
          ) : (
            <SegmentedControl
              size="xs"
              aria-label={`Period of ${def.title}`}
              value={chosen}
              onChange={(v) => setChosen(v as StatsView | typeof CUSTOM)}
              data={views}
            />
          )}
        </Group>
      </Group>
      {chosen === CUSTOM && (
        <Group gap="sm" mb="sm" align="flex-end">
          <DateField
            label="From"
            aria-label={`${def.title} from`}
            size="xs"
            value={custom.from}
            maxDate={custom.to ?? undefined}
            onChange={(from) => setCustom((c) => ({ ...c, from }))}
            w={140}
          />
          <DateField
            label="To"
            aria-label={`${def.title} to`}
            size="xs"
            value={custom.to}
            minDate={custom.from ?? undefined}
            onChange={(to) => setCustom((c) => ({ ...c, to }))}
            w={140}
          />
          <Text size="xs" c="dimmed" pb={6}>
            {range ? `By ${VIEW_UNIT[view]}, whole ${VIEW_UNIT[view]}s.` : 'Choose both dates.'}
          </Text>
        </Group>
      )}
      {query.isError ? (
        <ErrorState
          message={`${def.title} could not be loaded.`}
          onRetry={() => void query.refetch()}
          error={query.error}
        />
      ) : query.data && isEmptyTrend(def, query.data) ? (
        <div style={{ height: def.height }}>
          <EmptyState>
            No {def.title} data {range ? 'in this range' : `for ${STATS_VIEWS[view].label.toLowerCase()}`}.
          </EmptyState>
        </div>
      ) : option ? (
        <>
          <Chart
            option={option}
            height={def.height}
            label={`${def.title}, ${shownAs}`}
            onPointClick={({ dataIndex, seriesName }) => {
              const column = table?.columns.indexOf(seriesName) ?? -1;
              const url = column > 0 ? table?.href?.(dataIndex, column) : null;
              if (url) void navigate(url);
            }}
          />
          <ChartLegend items={legend} hidden={hidden} onToggle={toggle} label={`Series of ${def.title}`} />
          {table && <ChartDataTable caption={`${def.title}, ${shownAs}`} table={table} shown={tableShown} />}
        </>
      ) : (
        <div style={{ height: def.height }}>
          <LoadingState label={`Loading ${def.title}…`} />
        </div>
      )}
    </Card>
  );
}

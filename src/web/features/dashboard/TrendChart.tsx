import { useMemo, useState } from 'react';
import { Card, Group, Menu, Select, Switch, Text, Title } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { ROW_LIMIT_OPTIONS } from '../../../contract/business';
import { STATS_VIEWS, type StatsView } from '../../../contract/stats';
import {
  DateRangeFields,
  EmptyState,
  ErrorState,
  formatDate,
  LoadingState,
  SegmentedChoice,
  Chart,
  useInView,
  ChartLegend,
  ChartDataTable,
  ChartMenu,
  type LegendItem,
} from '../../ui';
import { PALETTE_17 } from '../../../contract/business';
import { useTrend } from './api';
import {
  isEmptyTrend,
  periodShown,
  previousName,
  seriesOf,
  trendOption,
  unfinishedFrom,
} from '../../../charts/dashboard/trend-option';
import {
  canCompare,
  defaultRowLimit,
  viewForRange,
  viewsOf,
  type TrendChartDef,
} from '../../../charts/dashboard/trends';
import { trendTable } from './trendTable';
import { useCancellationReasons } from '../cancellation-reasons';
import { useSupplierNames } from '../suppliers';
import { AlertRuleDialog } from './AlertRuleDialog';

const CUSTOM = 'custom';
/** What one period of a view is, to say how a chosen range is drawn. */
const VIEW_UNIT: Record<StatsView, string> = { daily: 'day', weekly: 'week', monthly: 'month', yearly: 'year' };

type Chosen = StatsView | typeof CUSTOM;
interface CustomRange {
  from: string | null;
  to: string | null;
}

/**
 * A chart card with its view switcher; it asks for its data once it comes into view (at once when `eager`, for the
 * charts the page opens on), then keeps each view cached.
 */
export function TrendChart({ def, eager = false }: { def: TrendChartDef; eager?: boolean }) {
  const [chosen, setChosen] = useState<Chosen>(def.defaultView);
  // "Custom": a range of days, drawn in the finest view that keeps it readable; until both ends are set, the
  // default view stays drawn. The fields hand on only ranges whose start is on or before their end.
  const [custom, setCustom] = useState<CustomRange>({ from: null, to: null });
  const [limit, setLimit] = useState<number | undefined>(defaultRowLimit(def));
  const [compare, setCompare] = useState(false);
  const [ref, seen] = useInView<HTMLDivElement>();
  // Eager charts need not wait for the first layout to learn they are in view.
  const trend = useTrendData(def, { chosen, custom, limit, compare, inView: eager || seen });
  const [tableShown, setTableShown] = useState(false);
  const [alerting, setAlerting] = useState(false);
  const titleId = `chart-${def.endpoint}`;

  return (
    <Card
      withBorder
      padding="md"
      ref={ref}
      aria-labelledby={titleId}
      component="section"
      data-chart={def.endpoint}
      data-so-far={trend.soFar}
      // A shown table takes the whole row of the grid, so every column fits beside the others.
      style={tableShown ? { gridColumn: '1 / -1' } : undefined}
    >
      <Group justify="space-between" align="center" mb="sm" gap="xs">
        <Title order={2} size="h4" id={titleId}>
          {def.title}
        </Title>
        <Group gap="xs">
          {trend.comparable && (
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
            table={trend.table}
            picture={trend.picture}
            card={ref}
            tableShown={tableShown}
            onToggleTable={() => setTableShown((shown) => !shown)}
          >
            <Menu.Item leftSection={<IconBell size={16} />} onClick={() => setAlerting(true)}>
              Alert me…
            </Menu.Item>
          </ChartMenu>
          {def.rowLimit && <RowLimitSelect def={def} id={`${titleId}-limit`} limit={limit} onChange={setLimit} />}
          <ViewSwitch def={def} chosen={chosen} onChange={setChosen} />
        </Group>
      </Group>
      {chosen === CUSTOM && <CustomRangeFields def={def} custom={custom} onChange={setCustom} trend={trend} />}
      <TrendBody def={def} trend={trend} tableShown={tableShown} eager={eager} />
      {alerting && (
        <AlertRuleDialog
          target={{
            title: def.title,
            metric: `trend:${def.endpoint}:`,
            series: trend.series,
            views: viewsOf(def),
            view: trend.view,
          }}
          onClose={() => setAlerting(false)}
        />
      )}
    </Card>
  );
}

/** The data of a chart for the chosen view or range, with the period before when compared, and its table. */
function useTrendData(
  def: TrendChartDef,
  {
    chosen,
    custom,
    limit,
    compare,
    inView,
  }: { chosen: Chosen; custom: CustomRange; limit?: number; compare: boolean; inView: boolean },
) {
  const range = chosen === CUSTOM && custom.from && custom.to ? { from: custom.from, to: custom.to } : undefined;
  const view = chosen !== CUSTOM ? chosen : range ? viewForRange(def, range) : def.defaultView;
  /** What the chart shows, for its label and its table's caption. */
  const shownAs = range ? `${formatDate(range.from)} to ${formatDate(range.to)}` : STATS_VIEWS[view].label;
  const query = useTrend(def.endpoint, view, { enabled: inView, limit: range ? undefined : limit, range });
  // "Compare": the same view over the stretch just before, drawn faint (line charts; all-time views and chosen
  // ranges have none).
  const comparable = canCompare(def, view, chosen === CUSTOM);
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
  // The period still under way, drawn apart from the finished ones and said to be "so far".
  const unfinished = query.data ? unfinishedFrom(query.data, view, range) : -1;
  const option = useMemo(
    () => (query.data ? trendOption(def, query.data, view, hidden, previous, unfinished) : null),
    [def, query.data, view, hidden, previous, unfinished],
  );
  const series = query.data ? seriesOf(def, query.data) : [];
  const legend: LegendItem[] = [
    ...series.map((s) => ({ name: s.name, color: s.color ?? PALETTE_17[0]! })),
    ...(previous
      ? series.map((s) => ({ name: previousName(s.name), color: s.color ?? PALETTE_17[0]!, dashed: true }))
      : []),
  ];
  const picture = useMemo(
    () =>
      option && query.data ? { option, period: periodShown(query.data, view, unfinished), height: def.height } : null,
    [option, query.data, view, unfinished, def.height],
  );
  const soFar = unfinished >= 0 ? String(query.data?.[unfinished]?.period) : undefined;
  const names = useSeriesRecordIds(def);
  const table = useMemo(
    () => (query.data ? trendTable(def, query.data, view, hidden, previous, names, unfinished) : null),
    [def, query.data, view, hidden, previous, names, unfinished],
  );
  return { query, range, view, shownAs, comparable, hidden, toggle, option, legend, table, picture, soFar, series };
}
type TrendData = ReturnType<typeof useTrendData>;

/** Charts whose series are named after reasons or suppliers open their rows by the record's id. */
function useSeriesRecordIds(def: TrendChartDef) {
  const reasons = useCancellationReasons({ enabled: def.seriesNamedAfter === 'cancellationReasons' });
  const suppliers = useSupplierNames({ enabled: def.seriesNamedAfter === 'suppliers' });
  const named = def.seriesNamedAfter === 'suppliers' ? suppliers.data : reasons.data;
  return useMemo(() => ({ ids: new Map((named ?? []).map((r) => [r.name, r.id])) }), [named]);
}

function RowLimitSelect({
  def,
  id,
  limit,
  onChange,
}: {
  def: TrendChartDef;
  id: string;
  limit?: number;
  onChange(limit: number): void;
}) {
  return (
    <Group gap={4} wrap="nowrap">
      <Text component="label" htmlFor={id} size="xs" c="dimmed">
        At most
      </Text>
      <Select
        id={id}
        aria-label={`At most how many periods of ${def.title}`}
        size="xs"
        w={80}
        allowDeselect={false}
        data={ROW_LIMIT_OPTIONS.map(String)}
        value={String(limit)}
        onChange={(v) => onChange(Number(v))}
      />
    </Group>
  );
}

function ViewSwitch({ def, chosen, onChange }: { def: TrendChartDef; chosen: Chosen; onChange(view: Chosen): void }) {
  const views: { value: Chosen; label: string }[] = [
    ...viewsOf(def).map((v) => ({ value: v, label: STATS_VIEWS[v].label })),
    { value: CUSTOM, label: 'Custom' },
  ];
  return (
    <SegmentedChoice
      aria-label={`Period of ${def.title}`}
      selectWidth={140}
      value={chosen}
      onChange={onChange}
      data={views}
    />
  );
}

function CustomRangeFields({
  def,
  custom,
  onChange,
  trend,
}: {
  def: TrendChartDef;
  custom: CustomRange;
  onChange(update: (current: CustomRange) => CustomRange): void;
  trend: TrendData;
}) {
  return (
    <Group gap="sm" mb="sm" align="flex-start">
      <DateRangeFields
        labels={['From', 'To']}
        accessibleNames={[`${def.title} from`, `${def.title} to`]}
        size="xs"
        from={custom.from}
        to={custom.to}
        onChange={(change) => onChange((c) => ({ ...c, ...change }))}
        w={140}
      />
      <Text size="xs" c="dimmed" pt={28}>
        {trend.range ? `By ${VIEW_UNIT[trend.view]}, whole ${VIEW_UNIT[trend.view]}s.` : 'Choose both dates.'}
      </Text>
    </Group>
  );
}

/** The chart with its legend and data table, or what stands in its place while loading, empty or failed. */
function TrendBody({
  def,
  trend,
  tableShown,
  eager,
}: {
  def: TrendChartDef;
  trend: TrendData;
  tableShown: boolean;
  /** A chart of the page's first view: drawn without waiting to be seen in view. */
  eager: boolean;
}) {
  const navigate = useNavigate();
  const { query, option, table, shownAs } = trend;
  if (query.isError)
    return (
      <ErrorState
        message={`${def.title} could not be loaded.`}
        onRetry={() => void query.refetch()}
        error={query.error}
      />
    );
  if (query.data && isEmptyTrend(def, query.data))
    return (
      <div style={{ height: def.height }}>
        <EmptyState>
          No {def.title} data {trend.range ? 'in this range' : `for ${STATS_VIEWS[trend.view].label.toLowerCase()}`}.
        </EmptyState>
      </div>
    );
  if (!option)
    return (
      <div style={{ height: def.height }}>
        <LoadingState label={`Loading ${def.title}…`} />
      </div>
    );
  return (
    <>
      <Chart
        eager={eager}
        option={option}
        height={def.height}
        label={`${def.title}, ${shownAs}`}
        onPointClick={({ dataIndex, seriesName }) => {
          const column = table?.columns.indexOf(seriesName) ?? -1;
          const url = column > 0 ? table?.href?.(dataIndex, column) : null;
          if (url) void navigate(url);
        }}
      />
      <ChartLegend
        items={trend.legend}
        hidden={trend.hidden}
        onToggle={trend.toggle}
        label={`Series of ${def.title}`}
      />
      {table && <ChartDataTable caption={`${def.title}, ${shownAs}`} table={table} shown={tableShown} />}
    </>
  );
}

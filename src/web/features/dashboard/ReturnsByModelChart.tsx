import { useMemo, useState } from 'react';
import { Card, Group, NumberInput, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { BRAND_COLORS, RETURN_CHART_DEFAULT_LIMIT } from '../../../contract/business';
import { RETURN_RATE_MAX_LIMIT } from '../../../contract/stats';
import { EmptyState, ErrorState, LoadingState, Chart, useInView, ChartDataTable, ChartMenu } from '../../ui';
import { useReturnRate } from './api';
import { modelReturnsAddress } from './drills';

const TITLE = '21-day returns by product';
const HEIGHT = 400;
type Returns = NonNullable<ReturnType<typeof useReturnRate>['data']>;

function returnsOption(data: Returns) {
  return {
    color: [BRAND_COLORS.red],
    grid: { left: 8, right: 24, top: 8, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis' as const, confine: true },
    // Horizontal bars keep long model names readable on a phone; the most returned model is on top.
    yAxis: {
      type: 'category' as const,
      inverse: true,
      data: data.map((r) => r.model),
      axisLabel: { interval: 0, width: 130, overflow: 'truncate' as const },
    },
    xAxis: { type: 'value' as const, minInterval: 1 },
    series: [{ name: 'Returns', type: 'bar' as const, data: data.map((r) => r.returns) }],
  };
}

function returnsTable(data: Returns, limit: number) {
  return {
    columns: ['Model', 'Returns'],
    rows: data.map((r) => [r.model, r.returns]),
    // A model's count opens exactly the returns it counts: among the same latest devices.
    href: (row: number, column: number) => (column === 1 ? modelReturnsAddress(data[row]!.productId, limit) : null),
  };
}

/** How many of the latest deployed devices are counted; a number out of range is left as it was. */
function LimitInput({ limit, onChange }: { limit: number; onChange(limit: number): void }) {
  return (
    <NumberInput
      size="xs"
      w={170}
      label="Latest deployed devices"
      min={1}
      max={RETURN_RATE_MAX_LIMIT}
      allowDecimal={false}
      allowNegative={false}
      value={limit}
      onBlur={(e) => {
        const n = Number(e.currentTarget.value.replace(/,/g, ''));
        if (Number.isInteger(n) && n >= 1 && n <= RETURN_RATE_MAX_LIMIT) onChange(n);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') e.currentTarget.blur();
      }}
    />
  );
}

/** Bars by model of the 21-day returns among the latest N deployed devices (N = 100 unless changed). */
export function ReturnsByModelChart() {
  const [limit, setLimit] = useState(RETURN_CHART_DEFAULT_LIMIT);
  const [ref, inView] = useInView<HTMLDivElement>();
  const query = useReturnRate(limit, inView);
  const option = useMemo(() => query.data && returnsOption(query.data), [query.data]);
  const table = useMemo(() => query.data && returnsTable(query.data, limit), [query.data, limit]);
  const picture = useMemo(
    () => option && { option, period: `Latest ${limit.toLocaleString('en-US')} deployed devices`, height: HEIGHT },
    [option, limit],
  );
  const navigate = useNavigate();
  const [tableShown, setTableShown] = useState(false);

  return (
    <Card
      withBorder
      padding="md"
      ref={ref}
      component="section"
      aria-labelledby="chart-returns-by-model"
      data-chart="return-rate-by-model"
    >
      <Group justify="space-between" align="center" mb="sm" gap="xs">
        <Title order={2} size="h4" id="chart-returns-by-model">
          {TITLE}
        </Title>
        <Group gap="xs" align="flex-end">
          <LimitInput limit={limit} onChange={setLimit} />
          <ChartMenu
            title={TITLE}
            table={table ?? null}
            picture={picture ?? null}
            card={ref}
            tableShown={tableShown}
            onToggleTable={() => setTableShown((shown) => !shown)}
          />
        </Group>
      </Group>
      {query.isError ? (
        <ErrorState
          message={`${TITLE} could not be loaded.`}
          onRetry={() => void query.refetch()}
          error={query.error}
        />
      ) : !option ? (
        <div style={{ height: HEIGHT }}>
          <LoadingState label={`Loading ${TITLE}…`} />
        </div>
      ) : query.data!.length === 0 ? (
        <EmptyState>No deployed devices yet.</EmptyState>
      ) : (
        <>
          <Chart
            option={option}
            height={HEIGHT}
            label={`${TITLE}, latest ${limit} deployed`}
            onPointClick={({ dataIndex }) => {
              const url = table?.href(dataIndex, 1);
              if (url) void navigate(url);
            }}
          />
          <ChartDataTable caption={`${TITLE}, latest ${limit} deployed`} table={table!} shown={tableShown} />
        </>
      )}
    </Card>
  );
}

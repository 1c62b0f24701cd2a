import { useMemo, useState } from 'react';
import { Card, Group, Menu, NumberInput, Title } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { RETURN_CHART_DEFAULT_LIMIT } from '../../../contract/business';
import { RETURN_RATE_MAX_LIMIT } from '../../../contract/stats';
import { EmptyState, ErrorState, LoadingState, Chart, useInView, ChartDataTable, ChartMenu } from '../../ui';
import {
  RETURNS_HEIGHT as HEIGHT,
  RETURNS_TITLE as TITLE,
  returnsOption,
  returnsPeriod,
} from '../../../charts/dashboard/returns-by-model';
import { useReturnRate } from './api';
import { modelReturnsAddress } from './drills';
import { AlertRuleDialog } from './AlertRuleDialog';

type Returns = NonNullable<ReturnType<typeof useReturnRate>['data']>;

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

/** "Alert me" on one model's returns among as many of the latest deployed devices as the chart counts now. */
function ModelAlertDialog({ rows, limit, onClose }: { rows: Returns; limit: number; onClose(): void }) {
  return (
    <AlertRuleDialog
      target={{
        title: TITLE,
        metric: `returns-by-model:${limit}:`,
        series: rows.map((r) => ({ field: r.model, name: r.model })),
        seriesLabel: 'Model',
        valueHint: `Returns among the ${returnsPeriod(limit).toLowerCase()}.`,
      }}
      onClose={onClose}
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
  const picture = useMemo(() => option && { option, period: returnsPeriod(limit), height: HEIGHT }, [option, limit]);
  const navigate = useNavigate();
  const [tableShown, setTableShown] = useState(false);
  const [alerting, setAlerting] = useState(false);

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
          >
            <Menu.Item
              leftSection={<IconBell size={16} />}
              disabled={!query.data?.length}
              onClick={() => setAlerting(true)}
            >
              Alert me…
            </Menu.Item>
          </ChartMenu>
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
      {alerting && query.data && (
        <ModelAlertDialog rows={query.data} limit={limit} onClose={() => setAlerting(false)} />
      )}
    </Card>
  );
}

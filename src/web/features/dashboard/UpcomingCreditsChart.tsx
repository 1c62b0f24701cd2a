import { useMemo, useState } from 'react';
import { Card, Group, Text, Title } from '@mantine/core';
import { DONUT_PALETTE } from '../../../contract/business';
import dayjs from 'dayjs';
import { ErrorState, LoadingState, ChartDataTable, ChartMenu, DonutChart, donutOption, useInView } from '../../ui';
import { useUpcomingCredits } from './api';
import { periodLabel } from '../../../charts/dashboard/trend-option';

const HEIGHT = 400;
const dollars = (amount: number) =>
  amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const money = (amount: number) => `$${dollars(amount)}`;

/** Credits due in each of the next 4 weeks, and the remaining credits after them. */
export function UpcomingCreditsChart() {
  const [ref, inView] = useInView<HTMLDivElement>();
  const query = useUpcomingCredits(inView);
  const data = useMemo(
    () =>
      query.data?.weeks.map((w) => ({ name: `Week of ${periodLabel(w.period, 'daily')}`, value: Number(w.amount) })),
    [query.data],
  );
  // Weeks by their first day in full, as in every chart's table and CSV.
  const table = useMemo(
    () =>
      query.data && {
        columns: ['Week starting', 'Credits ($)'],
        rows: query.data.weeks.map((w) => [w.period, Number(w.amount)]),
      },
    [query.data],
  );
  const picture = useMemo(
    () =>
      data && {
        option: donutOption({ data, colors: DONUT_PALETTE, format: money }),
        period: `Weekly · 4 weeks from ${dayjs(query.data!.weeks[0]?.period).format('MMM D, YYYY')}`,
        height: HEIGHT,
      },
    [data, query.data],
  );
  const [tableShown, setTableShown] = useState(false);

  return (
    <Card
      withBorder
      padding="md"
      ref={ref}
      component="section"
      aria-labelledby="chart-upcoming-credits"
      data-chart="upcoming-credits"
    >
      <Group justify="space-between" align="center" mb="xs">
        <Title order={2} size="h4" id="chart-upcoming-credits">
          Next 4 Weeks
        </Title>
        <ChartMenu
          title="Next 4 Weeks"
          table={table ?? null}
          picture={picture ?? null}
          card={ref}
          tableShown={tableShown}
          onToggleTable={() => setTableShown((shown) => !shown)}
        />
      </Group>
      {query.isError ? (
        <ErrorState
          message="Upcoming credits could not be loaded."
          onRetry={() => void query.refetch()}
          error={query.error}
        />
      ) : !data ? (
        <div style={{ height: HEIGHT }}>
          <LoadingState label="Loading upcoming credits…" />
        </div>
      ) : (
        <>
          <Text fw={600}>Remaining Credits: ${dollars(Number(query.data!.remaining))}</Text>
          <DonutChart
            data={data}
            height={HEIGHT - 24}
            label="Credits due in the next 4 weeks"
            colors={DONUT_PALETTE}
            format={money}
          />
          <ChartDataTable caption="Credits due in the next 4 weeks" table={table!} shown={tableShown} />
        </>
      )}
    </Card>
  );
}

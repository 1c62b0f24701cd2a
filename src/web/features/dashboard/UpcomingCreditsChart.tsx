import { useMemo } from 'react';
import { Card, Text, Title } from '@mantine/core';
import { DonutChart } from '../../ui/chart/DonutChart';
import { useInView } from '../../ui/chart/Chart';
import { ErrorState, LoadingState } from '../../ui';
import { useUpcomingCredits } from './api';
import { periodLabel } from './chartOptions';

const HEIGHT = 400;
const dollars = (amount: number) =>
  amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Credits due in each of the next 4 weeks, and the remaining credits after them. */
export function UpcomingCreditsChart() {
  const [ref, inView] = useInView<HTMLDivElement>();
  const query = useUpcomingCredits(inView);
  const data = useMemo(
    () =>
      query.data?.weeks.map((w) => ({ name: `Week of ${periodLabel(w.period, 'daily')}`, value: Number(w.amount) })),
    [query.data],
  );

  return (
    <Card
      withBorder
      padding="md"
      ref={ref}
      component="section"
      aria-labelledby="chart-upcoming-credits"
      data-chart="upcoming-credits"
    >
      <Title order={2} size="h4" id="chart-upcoming-credits" mb="xs">
        Next 4 Weeks
      </Title>
      {query.isError ? (
        <ErrorState message="Upcoming credits could not be loaded." onRetry={() => void query.refetch()} />
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
            format={(v) => `$${dollars(v)}`}
          />
        </>
      )}
    </Card>
  );
}

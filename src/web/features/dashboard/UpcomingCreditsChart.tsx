import { useMemo, useState } from 'react';
import { Card, Group, Menu, Text, Title } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { ErrorState, LoadingState, ChartDataTable, ChartMenu, DonutChart, useInView } from '../../ui';
import { useUpcomingCredits } from './api';
import {
  CREDITS_HEIGHT as HEIGHT,
  CREDITS_TITLE as TITLE,
  creditsDonut,
  creditsOption,
  creditsPeriod,
  remainingCredits,
} from '../../../charts/dashboard/upcoming-credits';
import { AlertRuleDialog } from './AlertRuleDialog';

/** Credits due in each of the next 4 weeks, and the remaining credits after them. */
export function UpcomingCreditsChart() {
  const [ref, inView] = useInView<HTMLDivElement>();
  const query = useUpcomingCredits(inView);
  const donut = useMemo(() => query.data && creditsDonut(query.data), [query.data]);
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
    () => query.data && { option: creditsOption(query.data), period: creditsPeriod(query.data), height: HEIGHT },
    [query.data],
  );
  const [tableShown, setTableShown] = useState(false);
  const [alerting, setAlerting] = useState(false);

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
          {TITLE}
        </Title>
        <ChartMenu
          title={TITLE}
          table={table ?? null}
          picture={picture ?? null}
          card={ref}
          tableShown={tableShown}
          onToggleTable={() => setTableShown((shown) => !shown)}
        >
          <Menu.Item leftSection={<IconBell size={16} />} onClick={() => setAlerting(true)}>
            Alert me…
          </Menu.Item>
        </ChartMenu>
      </Group>
      {query.isError ? (
        <ErrorState
          message="Upcoming credits could not be loaded."
          onRetry={() => void query.refetch()}
          error={query.error}
        />
      ) : !donut ? (
        <div style={{ height: HEIGHT }}>
          <LoadingState label="Loading upcoming credits…" />
        </div>
      ) : (
        <>
          <Text fw={600}>{remainingCredits(query.data!)}</Text>
          <DonutChart {...donut} height={HEIGHT - 24} label="Credits due in the next 4 weeks" />
          <ChartDataTable caption="Credits due in the next 4 weeks" table={table!} shown={tableShown} />
        </>
      )}
      {alerting && (
        <AlertRuleDialog
          target={{
            title: 'Remaining Credits',
            metric: 'credits:remaining',
            valueHint: 'In dollars, as the card shows it.',
          }}
          onClose={() => setAlerting(false)}
        />
      )}
    </Card>
  );
}

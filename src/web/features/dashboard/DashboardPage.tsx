import { lazy, Suspense } from 'react';
import { SimpleGrid, Stack } from '@mantine/core';
import { LoadingState, PageHeader } from '../../ui';
import { preloadCharts, useInView } from '../../ui/chart/Chart';
import { EAGER_CHARTS, TREND_CHARTS } from './charts';
import { Glossary } from './Glossary';
import { KpiTiles } from './KpiTiles';
import { ReturnsByModelChart } from './ReturnsByModelChart';
import { TrendChart } from './TrendChart';
import { UpcomingCreditsChart } from './UpcomingCreditsChart';

// The dashboard opens with charts in view: their code downloads beside their data, not after it.
preloadCharts();

// The map library is its own chunk, fetched when the map scrolls into view.
const SubscribersMap = lazy(() => import('./SubscribersMap').then((m) => ({ default: m.SubscribersMap })));

function MapWhenInView() {
  const [ref, inView] = useInView<HTMLDivElement>();
  return (
    <div ref={ref} style={{ minHeight: 500 }}>
      {inView && (
        <Suspense fallback={<LoadingState label="Loading the map…" />}>
          <SubscribersMap />
        </Suspense>
      )}
    </div>
  );
}

/** The trend charts of §2; each loads its data when it scrolls into view, the first rows at once. */
export function DashboardPage() {
  return (
    <Stack gap="md">
      <PageHeader title="Dashboard" />
      <KpiTiles />
      <Glossary />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        {TREND_CHARTS.map((def, index) => (
          <TrendChart key={def.endpoint} def={def} eager={index < EAGER_CHARTS} />
        ))}
        <ReturnsByModelChart />
        <UpcomingCreditsChart />
      </SimpleGrid>
      <MapWhenInView />
    </Stack>
  );
}

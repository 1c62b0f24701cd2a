import { lazy, startTransition, Suspense, useEffect, useState } from 'react';
import { Card, SimpleGrid, Stack, Title } from '@mantine/core';
import { LoadingState, PageHeader, preloadCharts, useInView } from '../../ui';
import { EAGER_CHARTS, TREND_CHARTS } from '../../../charts/dashboard/trends';
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

/** Where a chart card below the first rows will be, until the page has drawn the first ones. */
function CardPlaceholder({ title, height }: { title: string; height: number }) {
  return (
    <Card withBorder padding="md" aria-busy>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      <div style={{ height }} />
    </Card>
  );
}

/**
 * The trend charts of §2; each loads its data when it scrolls into view, the first rows at once. The first render
 * holds only those rows: the other cards (a score of switchers and menus) follow in a transition, which React
 * renders in slices between the browser's frames instead of in one long task before the first chart is drawn.
 */
export function DashboardPage() {
  const [rest, setRest] = useState(false);
  useEffect(() => startTransition(() => setRest(true)), []);
  return (
    <Stack gap="md">
      <PageHeader title="Dashboard" />
      <KpiTiles />
      <Glossary />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        {TREND_CHARTS.map((def, index) =>
          index < EAGER_CHARTS ? (
            <TrendChart key={def.endpoint} def={def} eager />
          ) : rest ? (
            <TrendChart key={def.endpoint} def={def} />
          ) : (
            <CardPlaceholder key={def.endpoint} title={def.title} height={def.height} />
          ),
        )}
        {rest && (
          <>
            <ReturnsByModelChart />
            <UpcomingCreditsChart />
          </>
        )}
      </SimpleGrid>
      {rest && <MapWhenInView />}
    </Stack>
  );
}

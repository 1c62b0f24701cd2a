import { lazy, Suspense, useEffect, useRef, useState, type ComponentType } from 'react';
import { Box } from '@mantine/core';
import type { ChartProps } from './types';
import { LoadingState } from '../states';

// The chart library is its own chunk, fetched when the first chart scrolls into view or a page that opens with
// charts asks for it ahead (preloadCharts), so it downloads while the charts' data does.
type EChartModule = { default: ComponentType<ChartProps> };
let loaded: EChartModule | undefined;
const loadEChart = () => import('./EChart').then((module) => (loaded = module));
export const preloadCharts = (): void => void loadEChart();
// Once the chunk is in, a chart renders at once: with a plain promise it would still suspend, and React reveals a
// Suspense boundary's content at most every 300 ms, which held each chart back that long after its data.
const EChart = lazy(() =>
  loaded
    ? ({ then: (resolve: (module: EChartModule) => void) => resolve(loaded!) } as Promise<EChartModule>)
    : loadEChart(),
);

/** True once the element has come within `margin` of the viewport; it stays true. */
export function useInView<T extends Element>(margin = '200px') {
  const ref = useRef<T>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || seen) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setSeen(true);
      },
      { rootMargin: margin },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [seen, margin]);
  return [ref, seen] as const;
}

/**
 * A canvas chart of the given height (300 or 400 px on the dashboard), drawn only once it scrolls into view; at once
 * when `eager` (a page's first view): waiting for the observer's first report would cost a frame and a render more.
 */
export function Chart({ option, height, label, onPointClick, eager = false }: ChartProps & { eager?: boolean }) {
  const [ref, seen] = useInView<HTMLDivElement>();
  const inView = eager || seen;
  return (
    <Box ref={ref} h={height}>
      {inView && (
        <Suspense fallback={<LoadingState label="Drawing chart…" />}>
          <EChart option={option} height={height} label={label} onPointClick={onPointClick} />
        </Suspense>
      )}
    </Box>
  );
}

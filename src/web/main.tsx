import { lazy, StrictMode, Suspense, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { MantineProvider } from '@mantine/core';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import { router } from './router';
import { cssVariablesResolver, theme } from './app/theme';
import { queryClient } from './lib/query-client';
import { registerServiceWorker } from './lib/offline/service-worker';

// Toasts queue in their store until this arrives: nothing shows one before the first page has loaded.
const Toasts = lazy(() => import('./app/Toasts'));

/** The HTML's own "Loading…" frame, painted before any script, removed as the app's first render is shown. */
function FirstFrameGone() {
  useLayoutEffect(() => document.getElementById('first-frame')?.remove(), []);
  return null;
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <FirstFrameGone />
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
      <QueryClientProvider client={queryClient}>
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);

registerServiceWorker();

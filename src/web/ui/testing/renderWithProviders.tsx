import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider, modals } from '@mantine/modals';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';

/** Renders a component inside the providers the app gives every page (theme, modals, toasts, queries, router). */
export function renderWithProviders(ui: ReactElement, { route = '/admin' }: { route?: string } = {}) {
  // Toasts and modals live in module-level stores: start each test without the previous one's.
  notifications.clean();
  modals.closeAll();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[route]}>
          <ModalsProvider>
            <Notifications />
            {children}
          </ModalsProvider>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>
  );
  return { queryClient, ...render(ui, { wrapper }) };
}

/** A fetch stub answering each call with the next of the given responses (status + JSON body). */
export function stubFetch(...answers: { status: number; body?: unknown }[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchStub = async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const answer = answers[Math.min(calls.length - 1, answers.length - 1)]!;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  return { calls, fetchStub };
}

import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider, modals } from '@mantine/modals';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, MemoryRouter, Route, RouterProvider, Routes } from 'react-router';
import type { RoleId } from '../../contract/access';
import { authEndpoints, type CurrentUser } from '../../contract/auth';
import { endpointKey } from '../lib/api';
import { features } from '../app/features';
import { pageRoute } from '../app/pageRoute';
import { PermittedPage } from '../app/PermittedPage';
import { paths } from '../paths';

/** A signed-in staff member of the role, as `GET /admin/api/me` answers it. */
export const staffUser = (role: RoleId, overrides: Partial<CurrentUser> = {}): CurrentUser => ({
  id: 1,
  email: `${role}@example.test`,
  name: `Test ${role}`,
  role,
  isRep: role === 'field-rep',
  canForceCreate: false,
  ...overrides,
});

export interface RenderOptions {
  route?: string;
  /** The signed-in user, known before the first render (as the Shell ensures for every page). */
  user?: CurrentUser;
  /** A page route pattern (`paths.device`): the component is rendered as that route, so it reads its parameters. */
  path?: string;
}

/** A query client that knows the signed-in user, if given; toasts and modals without the previous test's. */
function freshClient(user?: CurrentUser) {
  // Toasts and modals live in module-level stores: start each test without the previous one's.
  notifications.clean();
  modals.closeAll();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  if (user) queryClient.setQueryData(endpointKey(authEndpoints.me, {}), user);
  return queryClient;
}

const Dialogs = ({ children }: { children: ReactNode }) => (
  <ModalsProvider>
    <Notifications />
    {children}
  </ModalsProvider>
);

/** Renders a component inside the providers the app gives every page (theme, modals, toasts, queries, router). */
export function renderWithProviders(ui: ReactElement, { route = '/admin', user, path }: RenderOptions = {}) {
  const queryClient = freshClient(user);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[route]}>
          <Dialogs>{children}</Dialogs>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>
  );
  const routed = path ? (
    <Routes>
      <Route path={path} element={ui} />
    </Routes>
  ) : (
    ui
  );
  return { queryClient, ...render(routed, { wrapper }) };
}

/**
 * Opens an address as the app routes it: the page its feature declares, inside the frame's check of who may open
 * it (the frame's own bars left out).
 */
export function renderAddress(address: string, { user }: { user?: CurrentUser } = {}) {
  const queryClient = freshClient(user);
  const router = createMemoryRouter(
    [
      {
        path: paths.dashboard,
        element: (
          <Dialogs>
            <PermittedPage />
          </Dialogs>
        ),
        children: features.flatMap((feature) => feature.routes ?? []).map(pageRoute),
      },
    ],
    { initialEntries: [address] },
  );
  return {
    queryClient,
    ...render(
      <MantineProvider>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>,
    ),
  };
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

/** An answer of `stubApi` other than 200 with a body. */
class StubAnswer {
  constructor(
    readonly status: number,
    readonly body?: unknown,
  ) {}
}
export const answer = (status: number, body?: unknown) => new StubAnswer(status, body);

/**
 * A fetch stub answering by path (the query string left out): the body of a 200, or `answer(status, body)`. A path
 * it does not know answers 404, so a test sees which call it did not expect.
 */
export function stubApi(answers: Record<string, unknown>) {
  const calls: string[] = [];
  const fetchStub = async (url: string) => {
    calls.push(url);
    const path = url.split('?')[0]!;
    const given = answers[path];
    const { status, body } =
      given instanceof StubAnswer
        ? given
        : given === undefined
          ? { status: 404, body: { message: `No stub for ${path}.` } }
          : { status: 200, body: given };
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  return { calls, fetchStub };
}

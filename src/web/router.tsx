import { createBrowserRouter } from 'react-router';
import { paths } from './paths';
import { Shell } from './app/Shell';
import { NotFoundPage } from './app/NotFoundPage';
import { LoginPage } from './features/auth/LoginPage';
import { DashboardPage } from './features/dashboard/DashboardPage';

/** Page routes. Feature pages are lazy so each area's code loads when it is first opened. */
export const router = createBrowserRouter([
  { path: paths.login, element: <LoginPage /> },
  {
    path: paths.dashboard,
    element: <Shell />,
    children: [
      { index: true, element: <DashboardPage /> },
      { path: paths.feedback, lazy: () => import('./features/feedback/FeedbackPage').then((m) => ({ Component: m.FeedbackPage })) },
      { path: paths.settings, lazy: () => import('./features/settings/SettingsPage').then((m) => ({ Component: m.SettingsPage })) },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  { path: '*', element: <NotFoundPage /> },
]);

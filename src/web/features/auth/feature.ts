import { paths } from '../../paths';
import type { Feature } from '../../app/feature';

export const authFeature: Feature = {
  publicRoutes: [{ path: paths.login, lazy: () => import('./LoginPage').then((m) => ({ Component: m.LoginPage })) }],
};

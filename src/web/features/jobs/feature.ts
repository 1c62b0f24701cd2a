import { IconClockPlay } from '@tabler/icons-react';
import { paths } from '../../paths';
import type { Feature } from '../../app/feature';

export const jobsFeature: Feature = {
  routes: [
    {
      path: paths.jobs,
      permission: 'jobs.manage',
      lazy: () => import('./JobsPage').then((m) => ({ Component: m.JobsPage })),
    },
  ],
  nav: [{ label: 'Jobs', href: paths.jobs, icon: IconClockPlay }],
};

import { IconMessage2 } from '@tabler/icons-react';
import { paths } from '../../paths';
import type { Feature } from '../../app/feature';

export const feedbackFeature: Feature = {
  routes: [
    {
      path: paths.feedback,
      permission: 'feedback.send',
      lazy: () => import('./FeedbackPage').then((m) => ({ Component: m.FeedbackPage })),
    },
  ],
  nav: [{ label: 'Feedback', href: paths.feedback, icon: IconMessage2 }],
};

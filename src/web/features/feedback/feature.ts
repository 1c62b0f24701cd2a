import { IconMessage2 } from '@tabler/icons-react';
import { paths } from '../../paths';
import type { Feature } from '../../app/feature';

export const feedbackFeature: Feature = {
  routes: [{ path: paths.feedback, lazy: () => import('./FeedbackPage').then((m) => ({ Component: m.FeedbackPage })) }],
  nav: [{ label: 'Feedback', href: paths.feedback, icon: IconMessage2, permission: 'feedback.send' }],
};

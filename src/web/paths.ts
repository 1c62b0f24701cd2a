/** Every page path of the web app, defined once, with typed href builders. */
export const paths = {
  dashboard: '/admin',
  login: '/admin/login',
  feedback: '/admin/feedback',
  settings: '/admin/settings',
  subscriptions: '/admin/subscriptions',
  subscription: '/admin/subscriptions/:id',
  subscriptionHref: (id: number) => `/admin/subscriptions/${id}`,
  cancellations: '/admin/subscription-cancellations',
  cancellationReasons: '/admin/cancellation-reasons',
  cancellationReasonCreate: '/admin/cancellation-reasons/create',
  cancellationReasonEdit: '/admin/cancellation-reasons/:id/edit',
  cancellationReasonEditHref: (id: number) => `/admin/cancellation-reasons/${id}/edit`,
} as const;

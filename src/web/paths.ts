/** Every page path of the web app, defined once, with typed href builders. */
export const paths = {
  dashboard: '/admin',
  login: '/admin/login',
  feedback: '/admin/feedback',
  settings: '/admin/settings',
} as const;

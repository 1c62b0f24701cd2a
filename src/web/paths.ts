/** Every page path of the web app, defined once, with typed href builders. */
export const paths = {
  dashboard: '/admin',
  login: '/admin/login',
} as const;

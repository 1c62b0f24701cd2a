/** What other features may use of sign-in: the current user and what their role allows. */
export { useCan, useCurrentUser } from './api';
export { PermittedLink, RequirePermission } from './access';

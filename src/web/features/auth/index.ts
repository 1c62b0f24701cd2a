/** What other features and the frame may use of sign-in: the current user, what their role allows, signing out. */
export { useCan, useCurrentUser, useSignOut } from './api';
export { PermittedLink, RequirePermission } from './access';

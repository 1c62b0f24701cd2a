/** What the frame uses of staff: whether two-factor sign-in must be set up first. */
export { useMfaStatus } from './api';

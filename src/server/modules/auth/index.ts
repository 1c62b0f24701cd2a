/** What other modules may use of sign-in: the password hashing, and the second factor's codes for its set-up. */
export { generatePassword, hashPassword, verifyPassword } from './password';
export { acceptTotpCode } from './second-factor';
export { newRecoveryCodes, newTotpSecret, recoveryCodeHash, totpUri } from './totp';
export { accountThrottle, type AccountThrottle } from './login-throttle';
export type { TotpSecrets } from './totp-secret';

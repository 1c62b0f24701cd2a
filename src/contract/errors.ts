import { z } from './zod';

/** 422 answer to a form: a message and the field errors, keyed by field path ("address.city"). */
export const formErrorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
});
export type FormErrorBody = z.infer<typeof formErrorBody>;

/** 4xx answer to an action (§8 shows "the first entry of the errors list"). */
export const actionErrorBody = z.object({
  message: z.string(),
  errors: z.array(z.string()),
});
export type ActionErrorBody = z.infer<typeof actionErrorBody>;

/**
 * 5xx answer: no internals, and the request's id (also its X-Request-Id and the `reqId` of its log lines) as
 * `reference`, which the SPA shows for the user to quote.
 */
export const serverErrorBody = z.object({
  message: z.string(),
  errors: z.array(z.string()).optional(),
  reference: z.string(),
});
export type ServerErrorBody = z.infer<typeof serverErrorBody>;

export const CSRF_MISMATCH_MESSAGE = 'CSRF token mismatch.';
export const UNAUTHENTICATED_MESSAGE = 'Unauthenticated.';
export const FORBIDDEN_MESSAGE = 'You do not have permission to do this.';
export const NOT_FOUND_MESSAGE = 'Not Found.';
export const SERVER_ERROR_MESSAGE = 'Server Error';
/** Behind TRUST_PROXY=1, an X-Forwarded-For entry that is not an IP address. */
export const FORWARDED_ADDRESS_MESSAGE = 'The forwarded client address is not valid.';
/** A check of a secret (the current password, a sign-in code) asked too often: answered 429 with Retry-After. */
export const TOO_MANY_CHECKS_MESSAGE = 'Too many attempts. Please wait a few minutes and try again.';

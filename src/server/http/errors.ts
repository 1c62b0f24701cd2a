import { FORBIDDEN_MESSAGE, NOT_FOUND_MESSAGE } from '../../contract/errors';

/** Refusal of an action (§8): answered as `{message, errors: [message]}` so the UI can alert the first entry. */
export class ActionError extends Error {
  constructor(
    message: string,
    readonly statusCode = 422,
  ) {
    super(message);
  }
}

/** A check of a secret refused by its throttle: answered 429 with Retry-After in seconds. */
export class TooManyAttemptsError extends ActionError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message, 429);
  }
}

/** One validation problem, as zod reports it. */
export interface Issue {
  path: PropertyKey[];
  code: string;
  message: string;
  /** The offending keys of an `unrecognized_keys` issue. */
  keys?: string[];
}

/** Refusal of a form: answered 422 `{message, errors: {field: [messages]}}`. */
export class FieldErrors extends Error {
  readonly statusCode = 422;
  constructor(readonly errors: Record<string, string[]>) {
    super(Object.values(errors)[0]?.[0] ?? 'The given data was invalid.');
  }

  /** The field map of validation issues: dot paths ("address.city"), unknown keys named one by one. */
  static fromIssues(issues: readonly Issue[]): FieldErrors {
    // No prototype: a field named `constructor` or `__proto__` must not reach Object.prototype.
    const errors: Record<string, string[]> = Object.create(null);
    const add = (field: string, message: string) => (errors[field] ??= []).push(message);
    for (const issue of issues) {
      const base = issue.path.map(String).join('.');
      if (issue.code === 'unrecognized_keys' && issue.keys)
        for (const key of issue.keys) {
          const field = base ? `${base}.${key}` : key;
          add(field, `The ${field} field is not allowed.`);
        }
      else add(base || 'body', issue.message);
    }
    return new FieldErrors(errors);
  }
}

export class NotFoundError extends Error {
  readonly statusCode = 404;
  constructor(message = NOT_FOUND_MESSAGE) {
    super(message);
  }
}

/** A signed-in user asks for something their role does not include: answered 403 `{message}`. */
export class ForbiddenError extends Error {
  readonly statusCode = 403;
  constructor(message = FORBIDDEN_MESSAGE) {
    super(message);
  }
}

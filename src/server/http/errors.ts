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

/** Refusal of a form: answered 422 `{message, errors: {field: [messages]}}`. */
export class FieldErrors extends Error {
  readonly statusCode = 422;
  constructor(readonly errors: Record<string, string[]>) {
    super(Object.values(errors)[0]?.[0] ?? 'The given data was invalid.');
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

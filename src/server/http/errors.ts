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
  constructor(message = 'Not Found.') {
    super(message);
  }
}

/**
 * `Idempotency-Key` on creates a client may send again (ADR 045): a key the client makes once per record it means
 * to create (a UUID), sent with every attempt.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** Visible ASCII, 8 to 100 characters: a UUID, a ULID or any such token. */
export const isIdempotencyKey = (key: string) => /^[\x21-\x7e]{8,100}$/.test(key);

export const IDEMPOTENCY_KEY_MESSAGE = 'The Idempotency-Key must be 8 to 100 visible ASCII characters, such as a UUID.';
export const IDEMPOTENCY_REUSED_MESSAGE =
  'This Idempotency-Key was already used for another request. Send a new key for a new record.';

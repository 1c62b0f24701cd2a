import { describe, expect, it } from 'vitest';
import { HttpError } from './http';
import { shouldRetry } from './query-client';

describe('query retries', () => {
  it('never retries a refusal (4xx)', () => {
    for (const status of [401, 403, 404, 419, 422, 429])
      expect(shouldRetry(0, new HttpError(status, 'No'))).toBe(false);
  });

  it('retries a server error or a lost connection once', () => {
    expect(shouldRetry(0, new HttpError(500, 'Server Error'))).toBe(true);
    expect(shouldRetry(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(shouldRetry(1, new HttpError(503, 'Unavailable'))).toBe(false);
  });
});

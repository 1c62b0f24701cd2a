import { describe, expect, it } from 'vitest';
import { submitKeys } from './idempotency';

describe('the Idempotency-Key of a submit', () => {
  it('is the same when the same body is sent again after a failure', () => {
    const keys = submitKeys();
    const first = keys.keyFor({ name: 'A' });
    expect(keys.keyFor({ name: 'A' })).toBe(first);
  });

  it('is new for another body, and after the create succeeded', () => {
    const keys = submitKeys();
    const first = keys.keyFor({ name: 'A' });
    const edited = keys.keyFor({ name: 'B' });
    expect(edited).not.toBe(first);
    keys.settle();
    expect(keys.keyFor({ name: 'B' })).not.toBe(edited);
  });
});

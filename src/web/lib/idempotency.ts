/**
 * The Idempotency-Key of a create a client may send again (ADR 045): one key per submit, reused when the same body
 * is sent again after a failure (a lost answer then returns the first one, and nothing is made twice), a new key
 * once it succeeded or for another body (which the server would refuse under the old key).
 */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

export interface SubmitKeys {
  /** The key for sending this body. */
  keyFor(body: unknown): string;
  /** The last body was created: the next submit is another create. */
  settle(): void;
}

export function submitKeys(): SubmitKeys {
  let last: { body: string; key: string } | null = null;
  return {
    keyFor(body) {
      const json = JSON.stringify(body);
      if (last?.body !== json) last = { body: json, key: newIdempotencyKey() };
      return last.key;
    },
    settle() {
      last = null;
    },
  };
}

import { describe, expect, it } from 'vitest';
import { bearerTokenMatches } from './bearer-token';

const TOKEN = 'metrics-token-0123456789abcdefghijklmnop';

describe('the metrics bearer token', () => {
  it('accepts exactly `Bearer <token>`, the scheme in any case', () => {
    expect(bearerTokenMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerTokenMatches(`bearer ${TOKEN}`, TOKEN)).toBe(true);
  });

  it('refuses no header, another scheme, a bare token, a prefix, a longer one and an empty one', () => {
    for (const header of [undefined, '', `Basic ${TOKEN}`, TOKEN, `Bearer ${TOKEN.slice(0, -1)}`, `Bearer ${TOKEN}0`])
      expect(bearerTokenMatches(header, TOKEN), String(header)).toBe(false);
    expect(bearerTokenMatches('Bearer ', '')).toBe(false);
  });
});

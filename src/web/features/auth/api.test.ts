import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../lib/query-client';
import { staffUser, stubFetch } from '../../test/renderWithProviders';
import { userMay } from './api';

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe('what the signed-in user may open, asked before the frame has drawn', () => {
  it("answers from the user's role, asking for the user once", async () => {
    const { calls, fetchStub } = stubFetch({ status: 200, body: staffUser('field-rep') });
    vi.stubGlobal('fetch', fetchStub);
    expect(await userMay('dashboard.view')).toBe(false);
    expect(await userMay('prospects.log')).toBe(true);
    expect(await userMay('signed-in')).toBe(true);
    expect(calls).toHaveLength(1);
  });

  it('answers no when no one is signed in', async () => {
    vi.stubGlobal('fetch', stubFetch({ status: 401, body: { message: 'Unauthenticated.' } }).fetchStub);
    vi.stubGlobal('location', { ...window.location, assign: vi.fn() });
    expect(await userMay('signed-in')).toBe(false);
  });
});

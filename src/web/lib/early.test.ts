import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EARLY_ANSWERS } from '../../contract/pages';

const page = window as unknown as Record<string, unknown>;
const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

// The client reads the page's answers when its module loads: each test loads it afresh, whatever ran before it.
beforeEach(() => vi.resetModules());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
  delete page[EARLY_ANSWERS];
});

describe('an answer the page asked for before the app loaded', () => {
  it('answers the first GET of its URL with no request of its own; the next GET asks the server again', async () => {
    page[EARLY_ANSWERS] = { '/admin/api/me': Promise.resolve(json({ name: 'Early' })) };
    const fetchStub = vi.fn(async () => json({ name: 'Fetched' }));
    vi.stubGlobal('fetch', fetchStub);
    // The client reads the page's answers when it loads, as it does after the page's script has run.
    const { request } = await import('./http');

    expect(await request('GET', '/admin/api/me')).toEqual({ name: 'Early' });
    expect(fetchStub).not.toHaveBeenCalled();
    expect(await request('GET', '/admin/api/me')).toEqual({ name: 'Fetched' });
    expect(await request('GET', '/admin/api/me?x=1')).toEqual({ name: 'Fetched' });
    expect(fetchStub).toHaveBeenCalledTimes(2);
  });

  it('is a refusal the client handles as its own: a 401 leads to the sign-in page', async () => {
    page[EARLY_ANSWERS] = {
      '/admin/api/me': Promise.resolve(new Response('{"message":"Unauthenticated."}', { status: 401 })),
    };
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const { request } = await import('./http');
    await expect(request('GET', '/admin/api/me')).rejects.toMatchObject({ status: 401 });
    expect(assign).toHaveBeenCalledWith('/admin/login');
  });

  it('is not taken once dropped: the app has moved on from the page it was for', async () => {
    // Its body is let go: one never read kept its request open, and the page never went idle.
    const cancelled = vi.fn();
    const stale = new Response(new ReadableStream({ cancel: cancelled }));
    page[EARLY_ANSWERS] = { '/admin/api/stats/kpis': Promise.resolve(stale) };
    const fetchStub = vi.fn(async () => json({ stale: false }));
    vi.stubGlobal('fetch', fetchStub);
    const { request } = await import('./http');
    const { dropEarlyAnswers } = await import('./early');
    dropEarlyAnswers();
    expect(await request('GET', '/admin/api/stats/kpis')).toEqual({ stale: false });
    await vi.waitFor(() => expect(cancelled).toHaveBeenCalled());
  });
});

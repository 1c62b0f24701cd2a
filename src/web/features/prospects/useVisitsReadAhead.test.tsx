import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProspectRow } from '../../../contract/prospects';
import { renderWithProviders, staffUser, stubFetch } from '../../test/renderWithProviders';
import { useVisitsReadAhead } from './useVisitsReadAhead';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Lets any call the effects started begin, before counting none. */
const settled = () => new Promise((resolve) => setTimeout(resolve));

const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1 }) as ProspectRow);

function ReadAhead({ rows }: { rows: ProspectRow[] }) {
  useVisitsReadAhead(rows);
  return null;
}

/** A page the service worker runs, its fetches counted. */
function workerRunsThePage() {
  vi.stubGlobal('navigator', { ...navigator, onLine: true, serviceWorker: { controller: {} } });
  // The test's page has no token in its HTML, which the client reports.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const stub = stubFetch({ status: 200, body: {} });
  vi.stubGlobal('fetch', stub.fetchStub);
  return stub.calls;
}

describe('a field rep’s visits read ahead for offline reading', () => {
  it('reads the first ten visits of the rep’s list once, however often it is drawn', async () => {
    const calls = workerRunsThePage();
    const view = renderWithProviders(<ReadAhead rows={rows(12)} />, { user: staffUser('field-rep') });
    view.rerender(<ReadAhead rows={rows(12)} />);
    await vi.waitFor(() => expect(calls).toHaveLength(10));
    expect(calls.map((c) => c.url)).toEqual(rows(10).map((r) => `/admin/api/prospects/${r.id}`));
  });

  it('reads nothing ahead for someone who sees every rep’s visits', async () => {
    const calls = workerRunsThePage();
    renderWithProviders(<ReadAhead rows={rows(3)} />, { user: staffUser('administrator') });
    await settled();
    expect(calls).toHaveLength(0);
  });

  it('reads nothing ahead where no service worker keeps the answers', async () => {
    const calls = workerRunsThePage();
    vi.stubGlobal('navigator', { ...navigator, onLine: true, serviceWorker: { controller: null } });
    renderWithProviders(<ReadAhead rows={rows(3)} />, { user: staffUser('field-rep') });
    await settled();
    expect(calls).toHaveLength(0);
  });
});

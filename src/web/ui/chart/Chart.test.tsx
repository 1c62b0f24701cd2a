import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { renderWithProviders } from '../../test/renderWithProviders';
import { Chart, preloadCharts } from './Chart';

vi.mock('./EChart', () => ({ default: ({ label }: { label: string }) => <div role="img" aria-label={label} /> }));

/** Every element is in view at once. */
class InView {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe() {
    this.callback([{ isIntersecting: true } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
  }
  disconnect() {}
}

describe('Chart', () => {
  beforeEach(() => vi.stubGlobal('IntersectionObserver', InView));
  afterEach(() => vi.unstubAllGlobals());

  it('draws at once when the chart code is already in, never showing a loading state to be swapped later', async () => {
    preloadCharts();
    await vi.dynamicImportSettled();
    // Any loading state committed on the way, however briefly, is seen here.
    let loadingShown = false;
    const watcher = new MutationObserver(() => {
      if (document.body.textContent?.includes('Drawing chart…')) loadingShown = true;
    });
    watcher.observe(document.body, { childList: true, subtree: true, characterData: true });
    await act(async () => {
      renderWithProviders(<Chart option={{}} height={300} label="Orders by month" />);
    });
    watcher.disconnect();
    // A suspended chart shows its fallback, and React reveals what replaces it no sooner than 300 ms later.
    expect(loadingShown).toBe(false);
    expect(screen.getByRole('img', { name: 'Orders by month' })).toBeInTheDocument();
  });
});

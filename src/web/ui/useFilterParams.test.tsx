import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { renderWithProviders } from '../test/renderWithProviders';
import { useFilterParams } from './useFilterParams';

describe('useFilterParams', () => {
  it('reads an unset filter as empty, and a changed one starts again from the first page, keeping the tab', () => {
    let params: ReturnType<typeof useFilterParams> | undefined;
    function Probe() {
      params = useFilterParams();
      const { search, hash } = useLocation();
      return <output>{search + hash}</output>;
    }
    renderWithProviders(<Probe />, { route: '/admin/equipment?status=2&page=3&after=c9&exact=1&q=old#hold' });
    expect(params!.get('status')).toBe('2');
    expect(params!.get('productId')).toBe('');
    act(() => params!.set({ q: null, productId: '7' }));
    expect(screen.getByRole('status')).toHaveTextContent(/^\?status=2&productId=7#hold$/);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test/renderWithProviders';
import { FilterChip } from './FilterChip';

describe('a filter chip', () => {
  it('names what the list is filtered by, and clears it', async () => {
    const onClear = vi.fn();
    renderWithProviders(
      <FilterChip label="Supplier" value="Acme Phones" clearLabel="Show every supplier" onClear={onClear} />,
    );
    expect(screen.getByText('Acme Phones')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show every supplier' }));
    expect(onClear).toHaveBeenCalledTimes(1);
  });

  it('says the name is loading instead of showing a stand-in that then changes', () => {
    renderWithProviders(
      <FilterChip label="Supplier" value="Supplier 3" pending clearLabel="Show every supplier" onClear={vi.fn()} />,
    );
    expect(screen.queryByText('Supplier 3')).toBeNull();
    expect(screen.getByLabelText('Loading the supplier')).toBeInTheDocument();
  });
});

import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test/renderWithProviders';
import { SearchInput } from './SearchInput';

describe('SearchInput', () => {
  it('reports the text once after typing pauses, not per keystroke', async () => {
    const onChange = vi.fn();
    renderWithProviders(<SearchInput value="" onChange={onChange} placeholder="Search feedback" delay={50} />);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search feedback' }), 'late');
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('late'));
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('clears at once with the clear button', async () => {
    const onChange = vi.fn();
    renderWithProviders(<SearchInput value="abc" onChange={onChange} delay={50} />);
    await userEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(onChange).toHaveBeenCalledWith('');
    expect(screen.getByRole('searchbox')).toHaveValue('');
  });
});

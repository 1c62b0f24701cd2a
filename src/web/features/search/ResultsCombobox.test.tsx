import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/renderWithProviders';
import { ResultsCombobox, type ResultGroup } from './ResultsCombobox';

const option = (label: string, onChoose = vi.fn()) => ({ key: label, label, icon: null, onChoose });

/** The combobox with a query of its own and the groups given (which a test may replace, as results arrive). */
function Harness({ groups }: { groups: ResultGroup[] }) {
  const [query, setQuery] = useState('');
  return (
    <ResultsCombobox
      label="Search everywhere"
      placeholder="Search"
      query={query}
      onQueryChange={setQuery}
      groups={groups}
      empty="Nothing found"
    />
  );
}

const box = () => screen.getByRole('combobox', { name: 'Search everywhere' });
const active = () => {
  const id = box().getAttribute('aria-activedescendant');
  return id ? document.getElementById(id)?.textContent : undefined;
};

describe('ResultsCombobox', () => {
  it('offers its results as options of a listbox the field controls, the first active at once', () => {
    renderWithProviders(
      <Harness
        groups={[
          { label: 'Customers', options: [option('Ada'), option('Bea')] },
          { label: 'Devices', options: [] },
        ]}
      />,
    );
    const list = screen.getByRole('listbox', { name: 'Search everywhere' });
    expect(box()).toHaveAttribute('aria-expanded', 'true');
    expect(box()).toHaveAttribute('aria-controls', list.id);
    expect(screen.getByRole('group', { name: 'Customers' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Devices' })).toBeNull();
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Ada', 'Bea']);
    expect(screen.getByRole('option', { selected: true })).toHaveTextContent('Ada');
    expect(active()).toBe('Ada');
    expect(screen.getByRole('status')).toHaveTextContent('2 results');
  });

  it('moves with ↓ and ↑ round the ends, across groups, and Enter chooses the active option', async () => {
    const chooseCy = vi.fn();
    renderWithProviders(
      <Harness
        groups={[
          { label: 'Pages', options: [option('Ada'), option('Bea')] },
          { label: 'Customers', options: [option('Cy', chooseCy)] },
        ]}
      />,
    );
    await userEvent.click(box());
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(active()).toBe('Cy');
    await userEvent.keyboard('{ArrowDown}');
    expect(active()).toBe('Ada');
    await userEvent.keyboard('{ArrowUp}');
    expect(active()).toBe('Cy');
    await userEvent.keyboard('{Enter}');
    expect(chooseCy).toHaveBeenCalledTimes(1);
  });

  it('makes the first result active when results arrive, and again when the user types', async () => {
    const chooseBea = vi.fn();
    const { rerender } = renderWithProviders(<Harness groups={[]} />);
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    expect(box()).not.toHaveAttribute('aria-activedescendant');
    expect(screen.getByRole('status')).toHaveTextContent('Nothing found');
    await userEvent.type(box(), '{Enter}');

    const arrived = [{ label: 'Customers', options: [option('Ada'), option('Bea', chooseBea)] }];
    rerender(<Harness groups={arrived} />);
    expect(active()).toBe('Ada');
    await userEvent.keyboard('{ArrowDown}');
    expect(active()).toBe('Bea');
    await userEvent.type(box(), 'x');
    expect(active()).toBe('Ada');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(chooseBea).toHaveBeenCalledTimes(1);
  });
});

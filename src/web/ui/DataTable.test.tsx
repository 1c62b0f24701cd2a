import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from '../lib/http';
import { renderWithProviders } from '../test/renderWithProviders';
import { useLocation } from 'react-router';
import { act } from '@testing-library/react';
import { DataTable, useParamsUpdate, useUrlPager } from './DataTable';
import type { Column } from './columns';

interface Row {
  id: number;
  name: string;
}
const columns: Column<Row>[] = [
  { key: 'id', header: 'ID' },
  { key: 'name', header: 'Name', render: (r) => <strong>{r.name}</strong> },
];

describe('DataTable', () => {
  it('sorts by a sortable column in its first direction, reverses it on a second click, and says which is sorted', async () => {
    const sortable: Column<Row>[] = [
      { key: 'id', header: 'ID', sortable: 'desc' },
      { key: 'name', header: 'Name', sortable: 'asc' },
      { key: 'note', header: 'Note', render: () => 'A note' },
    ];
    const onSortChange = vi.fn();
    const rows = [{ id: 1, name: 'Ann' }];
    const { rerender } = renderWithProviders(
      <DataTable columns={sortable} rows={rows} sort="-id" onSortChange={onSortChange} />,
    );
    const [id, name, note] = screen.getAllByRole('columnheader');
    expect(id).toHaveAttribute('aria-sort', 'descending');
    expect(name).toHaveAttribute('aria-sort', 'none');
    expect(note).not.toHaveAttribute('aria-sort');
    expect(screen.queryByRole('button', { name: /Note/ })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: /^Name\W+sort ascending$/ }));
    expect(onSortChange).toHaveBeenLastCalledWith('name');
    await userEvent.click(screen.getByRole('button', { name: /^ID\W+sort ascending$/ }));
    expect(onSortChange).toHaveBeenLastCalledWith('id');

    rerender(<DataTable columns={sortable} rows={rows} sort="name" onSortChange={onSortChange} />);
    expect(screen.getAllByRole('columnheader')[1]).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(screen.getByRole('button', { name: /^Name\W+sort descending$/ }));
    expect(onSortChange).toHaveBeenLastCalledWith('-name');
    await userEvent.click(screen.getByRole('button', { name: /^ID\W+sort descending$/ }));
    expect(onSortChange).toHaveBeenLastCalledWith('-id');
  });

  it('offers no sorting without a sort to change', () => {
    renderWithProviders(<DataTable columns={[{ key: 'id', header: 'ID', sortable: 'desc' }]} rows={[{ id: 1 }]} />);
    expect(screen.getByRole('columnheader')).not.toHaveAttribute('aria-sort');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows a loading state before the first rows arrive', () => {
    renderWithProviders(<DataTable columns={columns} rows={undefined} loading />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
  });

  it('shows the empty text when there are no rows', () => {
    renderWithProviders(<DataTable columns={columns} rows={[]} empty="No feedback yet." />);
    expect(screen.getByText('No feedback yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows the error with a retry button that asks again', async () => {
    const onRetry = vi.fn();
    renderWithProviders(
      <DataTable columns={columns} rows={undefined} error={new HttpError(500, 'Server Error')} onRetry={onRetry} />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Server Error');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('renders a captioned table with column headers and the range, and pages by keyboard', async () => {
    const onPageChange = vi.fn();
    const rows = [
      { id: 26, name: 'Ann' },
      { id: 27, name: 'Bob' },
    ];
    renderWithProviders(
      <DataTable
        columns={columns}
        rows={rows}
        caption="Feedback"
        total={60}
        page={2}
        perPage={25}
        onPageChange={onPageChange}
      />,
    );
    expect(screen.getByRole('table', { name: 'Feedback' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['ID', 'Name']);
    expect(screen.getByText('Bob').tagName).toBe('STRONG');
    expect(screen.getByText('26–50 of 60')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    screen.getByRole('button', { name: 'Next page' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(onPageChange).toHaveBeenCalledWith({ page: 3 });
  });

  it('shows an estimated total with Count exactly, and pages past it with Previous and Next cursors', async () => {
    const onPageChange = vi.fn();
    const rows = [{ id: 5, name: 'Ann' }];
    const { rerender } = renderWithProviders(
      <DataTable
        columns={columns}
        rows={rows}
        total={1_000_000}
        estimated
        nextCursor="c2"
        page={1}
        perPage={1}
        onPageChange={onPageChange}
      />,
    );
    expect(screen.getByText('1–1 of about 1,000,000')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Page 2' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPageChange).toHaveBeenLastCalledWith({ page: 2, after: 'c2' });
    await userEvent.click(screen.getByRole('button', { name: 'Count exactly' }));
    expect(onPageChange).toHaveBeenLastCalledWith({ page: 1, exact: '1' });

    // Deep in the list, Previous goes back with the cursor Next used to get there, keeping an exact count.
    rerender(
      <DataTable
        columns={columns}
        rows={rows}
        total={1_000_000}
        exact
        nextCursor={null}
        page={20_001}
        perPage={1}
        onPageChange={onPageChange}
      />,
    );
    expect(screen.getByText('20,001–20,001 of 1,000,000')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(onPageChange).toHaveBeenLastCalledWith({ page: 1, exact: '1' });
  });
});

describe('DataTable columns and cards', () => {
  interface Line {
    id: number;
    name: string;
    phone: string | null;
    reason: string | null;
  }
  const lineColumns: Column<Line>[] = [
    { key: 'name', header: 'Name', card: 'title' },
    { key: 'phone', header: 'Phone', numeric: true, render: (r) => r.phone },
    { key: 'reason', header: 'Reason', render: (r) => r.reason },
    { key: 'id', header: 'ID', card: 'hidden' },
  ];
  const lines: Line[] = [
    { id: 1, name: 'Ann Able', phone: '(615) 555-0100', reason: null },
    { id: 2, name: 'Bob Baker', phone: null, reason: null },
  ];

  it('leaves out a column empty on every row of the page, and keeps numbers on one line in even figures', () => {
    const { rerender } = renderWithProviders(<DataTable columns={lineColumns} rows={lines} />);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'Phone', 'ID']);
    const phone = screen.getByRole('cell', { name: '(615) 555-0100' });
    expect(phone).toHaveStyle({ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' });

    rerender(<DataTable columns={lineColumns} rows={[...lines, { ...lines[1]!, id: 3, reason: 'Moved away' }]} />);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'Phone', 'Reason', 'ID']);
  });

  it('shows each row as a card headed by its title column on a narrow screen, leaving out empty and hidden fields', () => {
    const matchMedia = window.matchMedia;
    window.matchMedia = ((media: string) => ({
      matches: true,
      media,
      addEventListener: () => {},
      removeEventListener: () => {},
    })) as unknown as typeof window.matchMedia;
    try {
      renderWithProviders(<DataTable columns={lineColumns} rows={lines} caption="Lines" />);
      expect(screen.queryByRole('table')).toBeNull();
      const cards = screen.getAllByRole('listitem');
      expect(cards.map((c) => c.textContent)).toEqual(['Ann AblePhone(615) 555-0100', 'Bob Baker']);
      expect(screen.getByRole('list', { name: 'Lines' })).toBeInTheDocument();
    } finally {
      window.matchMedia = matchMedia;
    }
  });

  it('keeps a row checkbox on its card, before the heading and with no label of its own', async () => {
    const matchMedia = window.matchMedia;
    window.matchMedia = ((media: string) => ({
      matches: true,
      media,
      addEventListener: () => {},
      removeEventListener: () => {},
    })) as unknown as typeof window.matchMedia;
    const onChoose = vi.fn();
    const choose: Column<Line> = {
      key: 'select',
      header: 'Choose every row',
      card: 'lead',
      render: (r) => <input type="checkbox" aria-label={`Choose ${r.name}`} onChange={() => onChoose(r.id)} />,
    };
    try {
      renderWithProviders(<DataTable columns={[choose, ...lineColumns]} rows={lines} caption="Lines" />);
      const cards = screen.getAllByRole('listitem');
      expect(cards.map((c) => c.textContent)).toEqual(['Ann AblePhone(615) 555-0100', 'Bob Baker']);
      await userEvent.click(within(cards[1]!).getByRole('checkbox', { name: 'Choose Bob Baker' }));
      expect(onChoose).toHaveBeenCalledWith(2);
    } finally {
      window.matchMedia = matchMedia;
    }
  });

  it('offers 25, 50 or 100 rows a page once there are more than 25, and reports the choice', async () => {
    const onPerPageChange = vi.fn();
    const { rerender } = renderWithProviders(
      <DataTable columns={lineColumns} rows={lines} total={2} onPerPageChange={onPerPageChange} />,
    );
    expect(screen.queryByRole('combobox', { name: 'Rows per page' })).toBeNull();
    rerender(<DataTable columns={lineColumns} rows={lines} total={60} onPerPageChange={onPerPageChange} />);
    const choice = screen.getByRole('combobox', { name: 'Rows per page' });
    expect([...(choice as HTMLSelectElement).options].map((o) => o.value)).toEqual(['25', '50', '100']);
    await userEvent.selectOptions(choice, '50');
    expect(onPerPageChange).toHaveBeenCalledWith(50);
  });
});

describe('useUrlPager', () => {
  function Probe() {
    const pager = useUrlPager('-createdAt');
    return (
      <>
        <output>{useLocation().search}</output>
        <span data-testid="per-page">{pager.request.perPage}</span>
        <button onClick={() => pager.props.onPerPageChange(100)}>Hundred</button>
        <button onClick={() => pager.props.onPerPageChange(25)}>Default</button>
      </>
    );
  }

  it('keeps the page size in the address, starting again from the first page, and the default out of it', async () => {
    renderWithProviders(<Probe />, { route: '/admin/prospects?page=3&q=oak' });
    expect(screen.getByTestId('per-page')).toHaveTextContent('25');
    await userEvent.click(screen.getByRole('button', { name: 'Hundred' }));
    expect(screen.getByRole('status')).toHaveTextContent('?q=oak&perPage=100');
    expect(screen.getByTestId('per-page')).toHaveTextContent('100');
    await userEvent.click(screen.getByRole('button', { name: 'Default' }));
    expect(screen.getByRole('status')).toHaveTextContent('?q=oak');
  });

  it.each(['10', 'abc', '250', '050'])('shows 25 rows for a page size of %s typed into the address', (perPage) => {
    renderWithProviders(<Probe />, { route: `/admin/prospects?perPage=${perPage}` });
    expect(screen.getByTestId('per-page')).toHaveTextContent('25');
  });
});

describe('useParamsUpdate', () => {
  it('keeps a filter set meanwhile when a change prepared earlier lands (a search box debounces its own)', () => {
    let first: ReturnType<typeof useParamsUpdate> | undefined;
    let latest: ReturnType<typeof useParamsUpdate> | undefined;
    function Probe() {
      const update = useParamsUpdate();
      first ??= update;
      latest = update;
      return <output>{useLocation().search}</output>;
    }
    renderWithProviders(<Probe />, { route: '/admin/prospects' });
    act(() => latest!({ converted: 'no' }));
    act(() => first!({ q: 'Main St' }));
    const params = new URLSearchParams(screen.getByRole('status').textContent ?? '');
    expect(Object.fromEntries(params)).toEqual({ converted: 'no', q: 'Main St' });
  });

  it('keeps both of two changes made before the address re-renders (a busy machine)', () => {
    let update: ReturnType<typeof useParamsUpdate> | undefined;
    function Probe() {
      update = useParamsUpdate();
      return <output>{useLocation().search}</output>;
    }
    renderWithProviders(<Probe />, { route: '/admin/prospects' });
    act(() => {
      update!({ q: 'Main St' });
      update!({ converted: 'no' });
    });
    const params = new URLSearchParams(screen.getByRole('status').textContent ?? '');
    expect(Object.fromEntries(params)).toEqual({ converted: 'no', q: 'Main St' });
  });
});

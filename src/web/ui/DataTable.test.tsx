import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from '../lib/http';
import { renderWithProviders } from '../test/renderWithProviders';
import { useLocation } from 'react-router';
import { act } from '@testing-library/react';
import { DataTable, useParamsUpdate, type Column } from './DataTable';

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
      { key: 'note', header: 'Note' },
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

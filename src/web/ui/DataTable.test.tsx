import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from '../lib/http';
import { renderWithProviders } from './testing/renderWithProviders';
import { DataTable, type Column } from './DataTable';

interface Row {
  id: number;
  name: string;
}
const columns: Column<Row>[] = [
  { key: 'id', header: 'ID' },
  { key: 'name', header: 'Name', render: (r) => <strong>{r.name}</strong> },
];

describe('DataTable', () => {
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
    expect(onPageChange).toHaveBeenCalledWith(3);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { endpoint } from '../../contract/endpoint';
import { csvFile } from '../../contract/pagination';
import { LOGIN_PAGE } from '../../contract/pages';
import { ExportButton } from './ExportButton';
import { renderWithProviders, stubFetch } from '../test/renderWithProviders';

const rowsExport = endpoint({
  method: 'GET',
  path: '/admin/api/rows/export.csv',
  response: csvFile,
  access: 'signed-in',
  reads: [],
  summary: 'Rows of these tests, as CSV.',
});

afterEach(() => vi.unstubAllGlobals());

describe('the export button', () => {
  it('sends a signed-out user to the sign-in page, as every other call does', async () => {
    vi.stubGlobal('fetch', stubFetch({ status: 401, body: { message: 'Unauthenticated.' } }).fetchStub);
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderWithProviders(<ExportButton endpoint={rowsExport} query={{}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith(LOGIN_PAGE));
  });

  it('says why the server refused the export (a stale page link)', async () => {
    const message = 'The page cursor is not valid. Start again from the first page.';
    vi.stubGlobal('fetch', stubFetch({ status: 422, body: { message, errors: { after: [message] } } }).fetchStub);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithProviders(<ExportButton endpoint={rowsExport} query={{ after: 'stale' }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });
});

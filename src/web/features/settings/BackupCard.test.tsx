import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { BackupInfo } from '../../../contract/backups';
import { renderWithProviders, staffUser, stubApi } from '../../test/renderWithProviders';
import { BackupCard } from './BackupCard';

afterEach(() => vi.unstubAllGlobals());

function showFor(info: BackupInfo) {
  vi.stubGlobal('fetch', stubApi({ '/admin/api/backups': info }).fetchStub);
  renderWithProviders(<BackupCard />, { user: staffUser('administrator') });
}

describe('the backups card', () => {
  it('offers the embedded database as a download the browser saves as a file', async () => {
    showFor({ database: 'pglite', release: '1.0.0', download: true });
    const link = await screen.findByRole('link', { name: 'Download a backup' });
    expect(link).toHaveAttribute('href', '/admin/api/backups/download');
    expect(link).toHaveAttribute('download');
    expect(screen.getByText(/Each download is recorded in the audit log/)).toBeInTheDocument();
  });

  it('names the command that backs up a PostgreSQL database, offering no download', async () => {
    showFor({ database: 'postgres', release: '1.0.0', download: false });
    expect(await screen.findByText(/The database is PostgreSQL/)).toHaveTextContent('npm run backup -- <file>');
    expect(screen.queryByRole('link', { name: 'Download a backup' })).toBeNull();
  });
});

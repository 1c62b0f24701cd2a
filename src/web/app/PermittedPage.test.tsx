import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderAddress, staffUser, stubApi } from '../test/renderWithProviders';
import { paths } from '../paths';

afterEach(() => vi.unstubAllGlobals());

describe('a page opened by its address', () => {
  it('is drawn for a role its route allows', async () => {
    renderAddress(paths.supplierCreate, { user: staffUser('operations') });
    expect(await screen.findByRole('heading', { name: 'Add supplier', level: 1 })).toBeInTheDocument();
  });

  it('is only the permission message for a role its route refuses: no title, no Invite, no request', async () => {
    const { calls, fetchStub } = stubApi({});
    vi.stubGlobal('fetch', fetchStub);
    renderAddress(paths.users, { user: staffUser('analyst') });
    expect(await screen.findByRole('alert')).toHaveTextContent('You do not have permission to see this page.');
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Invite' })).toBeNull();
    expect(calls).toEqual([]);
  });
});

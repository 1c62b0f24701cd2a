import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { RoleId } from '../../../contract/access';
import type { Supplier } from '../../../contract/suppliers';
import { renderAddress, renderWithProviders, staffUser, stubApi } from '../../test/renderWithProviders';
import { paths } from '../../paths';
import { SuppliersPage } from './SuppliersPage';

const supplier: Supplier = {
  id: 3,
  name: 'Acme Lines',
  contactName: null,
  contactEmail: null,
  contactPhone: null,
  prorates: '0',
  supplierReport: false,
  frequency: 'Monthly',
  billingCycle: 'Calendar Month',
  createdAt: '2026-11-01T15:00:00Z',
  updatedAt: '2026-11-01T15:00:00Z',
};

afterEach(() => vi.unstubAllGlobals());

async function listAs(role: RoleId) {
  vi.stubGlobal(
    'fetch',
    stubApi({ '/admin/api/suppliers': { rows: [supplier], total: 1, page: 1, perPage: 25 } }).fetchStub,
  );
  renderWithProviders(<SuppliersPage />, { user: staffUser(role), route: '/admin/suppliers' });
  await screen.findByRole('cell', { name: 'Acme Lines' });
}

describe('suppliers by role', () => {
  it('offers operations to add a supplier and to open one for editing', async () => {
    await listAs('operations');
    expect(screen.getByRole('link', { name: 'Add supplier' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Acme Lines' })).toHaveAttribute('href', '/admin/suppliers/3/edit');
  });

  it('lists the suppliers for an analyst with nothing to add or edit', async () => {
    await listAs('analyst');
    expect(screen.queryByRole('link', { name: 'Add supplier' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Acme Lines' })).toBeNull();
  });

  it('tells an analyst who opens the add form by its address that it is not theirs', async () => {
    renderAddress(paths.supplierCreate, { user: staffUser('analyst') });
    expect(await screen.findByRole('alert')).toHaveTextContent('You do not have permission to see this page.');
    expect(screen.queryByRole('button', { name: /save/i })).toBeNull();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { RoleId } from '../../../contract/access';
import type { Container, Parcel } from '../../../contract/parcels';
import { renderAddress, renderWithProviders, staffUser, stubApi } from '../../test/renderWithProviders';
import { paths } from '../../paths';
import { ContainersPage } from './ContainersPage';
import { ParcelsPage } from './ParcelsPage';

const parcel: Parcel = {
  id: 1,
  customer: { id: 12, name: 'Casey Member' },
  direction: 'to_customer',
  item: null,
  containerName: 'Small box',
  length: 10,
  width: 8,
  height: 4,
  weight: 12,
  createdBy: 'Dana Ops',
  createdAt: '2026-11-20T15:00:00Z',
};
const box: Container = { id: 2, name: 'Small box', length: 10, width: 8, height: 4 };

afterEach(() => vi.unstubAllGlobals());

function stub() {
  vi.stubGlobal(
    'fetch',
    stubApi({
      '/admin/api/parcels': { rows: [parcel], total: 1, page: 1, perPage: 25 },
      '/admin/api/parcel-containers': [box],
    }).fetchStub,
  );
}

async function listAs(role: RoleId) {
  stub();
  renderWithProviders(<ParcelsPage />, { user: staffUser(role), route: '/admin/parcels' });
  await screen.findByRole('cell', { name: 'Casey Member' });
}

async function containersAs(role: RoleId) {
  stub();
  renderWithProviders(<ContainersPage />, { user: staffUser(role), route: '/admin/parcels/containers' });
  await screen.findByRole('cell', { name: 'Small box' });
}

describe('parcels by role', () => {
  it('offers operations to enter a parcel', async () => {
    await listAs('operations');
    expect(screen.getByRole('link', { name: 'Enter parcel' })).toBeInTheDocument();
  });

  it('lists the parcels for an analyst without Enter parcel, the containers still open to read', async () => {
    await listAs('analyst');
    expect(screen.queryByRole('link', { name: 'Enter parcel' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Containers' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Casey Member' })).toBeInTheDocument();
  });

  it('lets operations add, edit and delete containers', async () => {
    await containersAs('operations');
    expect(screen.getByRole('heading', { name: 'Add a container' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Small box' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Small box' })).toBeInTheDocument();
  });

  it('shows an analyst the containers with no form and no actions', async () => {
    await containersAs('analyst');
    expect(screen.queryByRole('heading', { name: 'Add a container' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Edit|Delete/ })).toBeNull();
  });

  it('tells an analyst who opens Enter parcel by its address that it is not theirs', async () => {
    stub();
    renderAddress(paths.parcelCreate, { user: staffUser('analyst') });
    expect(await screen.findByRole('alert')).toHaveTextContent('You do not have permission to see this page.');
  });
});

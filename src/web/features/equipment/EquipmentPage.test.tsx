import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { RoleId } from '../../../contract/access';
import type { EquipmentRow } from '../../../contract/equipment';
import { renderWithProviders, staffUser, stubApi } from '../../test/renderWithProviders';
import { EquipmentPage } from './EquipmentPage';

const held: EquipmentRow = {
  id: 4,
  imei: '356600000000044',
  state: 'hold',
  product: { id: 3, model: 'Pixel Held', price: '199.00' },
  fromDeviceId: 8,
  fromDeviceExists: true,
  customer: { id: 12, name: 'Casey Member' },
  createdAt: '2026-11-20T15:00:00Z',
  updatedAt: '2026-11-20T15:00:00Z',
};

afterEach(() => vi.unstubAllGlobals());

async function openAs(role: RoleId) {
  const page = { rows: [held], total: 1, page: 1, perPage: 25 };
  vi.stubGlobal('fetch', stubApi({ '/admin/api/equipment': page }).fetchStub);
  renderWithProviders(<EquipmentPage />, { user: staffUser(role), route: '/admin/equipment' });
  await screen.findByRole('link', { name: held.imei });
}

describe('EquipmentPage by role', () => {
  it('offers operations Mark as Received and Delete Equipment', async () => {
    await openAs('operations');
    expect(screen.getByRole('button', { name: `Mark as Received: IMEI ${held.imei}` })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Delete Equipment: IMEI ${held.imei}` })).toBeInTheDocument();
  });

  it('lists the equipment for an analyst without the actions column', async () => {
    await openAs('analyst');
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Mark as Received|Delete Equipment/ })).toBeNull();
    expect(screen.getByRole('link', { name: '8' })).toBeInTheDocument();
  });
});

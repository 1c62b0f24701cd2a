import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RoleId } from '../../../contract/access';
import type { DeviceDetail } from '../../../contract/devices';
import { FORBIDDEN_MESSAGE } from '../../../contract/errors';
import { paths } from '../../paths';
import { answer, renderWithProviders, staffUser, stubApi } from '../../test/renderWithProviders';
import { DeviceDetailPage } from './DeviceDetailPage';

const device: DeviceDetail = {
  id: 5,
  imei: '356600000000005',
  sim: '8901000000000000005',
  phone: '6155550105',
  status: { id: 1, description: 'Available' },
  unavailable: false,
  blacklistHold: false,
  lineDeletedAt: null,
  deployedAt: null,
  product: { id: 3, model: 'Pixel Test', price: '199.00', imageUri: null },
  supplier: null,
  subscription: { id: 9, status: 'cancelled', customer: { id: 12, name: 'Casey Member' } },
  loaner: null,
  equipment: [],
};

afterEach(() => vi.unstubAllGlobals());

function openAs(role: RoleId, detail: unknown = device, answers: Record<string, unknown> = {}) {
  vi.stubGlobal('fetch', stubApi({ '/admin/api/devices/5': detail, '/admin/api/audit': [], ...answers }).fetchStub);
  renderWithProviders(<DeviceDetailPage />, { user: staffUser(role), route: '/admin/devices/5', path: paths.device });
}

describe('DeviceDetailPage by role', () => {
  it('offers operations the device actions and Move equipment', async () => {
    openAs('operations');
    await screen.findByRole('heading', { name: 'Actions' });
    expect(screen.getByRole('link', { name: 'Move equipment' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unassign Equipment' })).toBeInTheDocument();
  });

  it('shows an analyst the device without any action, its customer and subscription still linked', async () => {
    openAs('analyst');
    await screen.findByRole('heading', { name: 'Subscription and loan' });
    expect(screen.queryByRole('heading', { name: 'Actions' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Move equipment' })).toBeNull();
    expect(
      screen.queryAllByRole('button').filter((b) => /Equipment|Delete|blacklist/.test(b.textContent ?? '')),
    ).toEqual([]);
    expect(screen.getByRole('link', { name: 'Casey Member (#12)' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '#9' })).toBeInTheDocument();
  });

  it('names the customer who loses the line before blacklist hold or Delete Line/SIM, beside the exact text', async () => {
    openAs('operations', { ...device, subscription: { ...device.subscription, status: 'active' } });
    await screen.findByRole('heading', { name: 'Actions' });
    const notice = 'Casey Member (customer #12) loses this line: their subscription #9 is active.';
    expect(screen.getAllByText(notice, { exact: false })).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Convert to SIM Only with blacklist hold' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      'Alert! This will convert the device to a SIM Only and DELETE the line. This Pixel Test will be put on blacklist hold. Are you sure?',
    );
    expect(dialog).toHaveTextContent(notice);
  });

  it("says what the server did after an action, in the server's own words", async () => {
    const message = 'Device 5 is now an available SIM Only; IMEI 356600000000005 moved to unbuilt equipment.';
    openAs('operations', device, { '/admin/devices/5/unassign-equipment': { message, equipmentId: 40 } });
    await userEvent.click(await screen.findByRole('button', { name: 'Unassign Equipment' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Unassign Equipment' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('says a deleted device is gone, with no Retry, and a failed read can be retried', async () => {
    openAs('operations', answer(404, { message: 'Not found.' }));
    expect(await screen.findByText('This device does not exist (it may have been deleted).')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to devices' })).toBeInTheDocument();
  });

  it('offers Retry when the device could not be read', async () => {
    openAs('operations', answer(500, { message: 'Server Error' }));
    expect(await screen.findByText('The device could not be loaded.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('tells a field rep who opens a device by its address that the page is not theirs', async () => {
    openAs('field-rep', answer(403, { message: FORBIDDEN_MESSAGE }));
    expect(await screen.findByText('You do not have permission to see this page.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});

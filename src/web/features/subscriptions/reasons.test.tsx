import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { RoleId } from '../../../contract/access';
import type { CancellationReason } from '../../../contract/cancellation-reasons';
import type { SubscriptionDetail, SubscriptionRow } from '../../../contract/subscriptions';
import { paths } from '../../paths';
import { renderWithProviders, staffUser, stubApi } from '../../test/renderWithProviders';
import { SubscriptionDetailPage } from './SubscriptionDetailPage';
import { SubscriptionsPage } from './SubscriptionsPage';

const reasons: CancellationReason[] = [{ id: 7, name: 'Too Expensive', position: 1, active: true, inUse: true }];
const customer = { id: 12, name: 'Casey Member' };
const row: SubscriptionRow = {
  id: 30,
  customer,
  phone: null,
  imei: null,
  carrierId: 1,
  status: 'cancelled',
  orderedAt: '2026-10-01T15:00:00Z',
  cancelledAt: '2026-11-01T15:00:00Z',
  cancellationReasonId: 7,
};
const detail: SubscriptionDetail = {
  ...row,
  customer: { ...customer, email: null, phone: null },
  source: 'direct',
  referralCode: null,
  price: '49.99',
  device: null,
  renewals: { total: 0, rows: [] },
  cancellations: [],
};

afterEach(() => vi.unstubAllGlobals());

function stub() {
  vi.stubGlobal(
    'fetch',
    stubApi({
      '/admin/api/cancellation-reasons': reasons,
      '/admin/api/subscriptions': { rows: [row], total: 1, page: 1, perPage: 25 },
      '/admin/api/subscriptions/30': detail,
      '/admin/api/audit': [],
    }).fetchStub,
  );
}

const openDetail = (role: RoleId) => {
  stub();
  renderWithProviders(<SubscriptionDetailPage />, {
    user: staffUser(role),
    route: '/admin/subscriptions/30',
    path: paths.subscription,
  });
};

const openList = (role: RoleId) => {
  stub();
  renderWithProviders(<SubscriptionsPage />, { user: staffUser(role), route: '/admin/subscriptions' });
};

describe('the cancellation reason by role', () => {
  it('lets operations change the reason on the subscription page', async () => {
    openDetail('operations');
    expect(
      await screen.findByRole('combobox', { name: 'Cancellation reason for subscription 30' }),
    ).toBeInTheDocument();
  });

  it('shows an analyst the recorded reason as text on the subscription page', async () => {
    openDetail('analyst');
    expect(await screen.findByText('Too Expensive')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /Cancellation reason/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Casey Member' })).toBeInTheDocument();
  });

  it('gives operations a picker on every row of the list', async () => {
    openList('operations');
    expect(
      await screen.findByRole('combobox', { name: 'Cancellation reason for subscription 30' }),
    ).toBeInTheDocument();
  });

  it('shows an analyst the reasons of the list as text, with nothing to set', async () => {
    openList('analyst');
    expect(await screen.findByText('Too Expensive')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /Cancellation reason/ })).toBeNull();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { RoleId } from '../../../contract/access';
import type { ProspectFilterOptions, ProspectRow } from '../../../contract/prospects';
import { renderAddress, renderWithProviders, staffUser, stubApi } from '../../test/renderWithProviders';
import { paths } from '../../paths';
import { ProspectsPage } from './ProspectsPage';

const visit: ProspectRow = {
  id: 6,
  name: 'Jordan Doe',
  address: '12 Ridge Rd',
  city: 'Franklin',
  state: 'TN',
  zip: '37064',
  repName: 'Fran Field',
  action: 'Not Interested',
  convertedAt: null,
  createdAt: '2026-11-20T15:00:00Z',
};
const actionOptions = [{ id: 4, parent_id: null, description: 'Not Interested' }];

afterEach(() => vi.unstubAllGlobals());

async function listAs(role: RoleId, filters: ProspectFilterOptions) {
  const api = stubApi({
    '/admin/api/prospects': { rows: [visit], total: 1, page: 1, perPage: 25 },
    '/admin/api/prospects/filter-options': filters,
  });
  vi.stubGlobal('fetch', api.fetchStub);
  renderWithProviders(<ProspectsPage />, { user: staffUser(role), route: '/admin/prospects' });
  await screen.findByRole('link', { name: 'Jordan Doe' });
  return api.calls;
}

describe('prospects by role', () => {
  it('offers a field rep to log a visit, with no rep to filter their own visits by', async () => {
    const calls = await listAs('field-rep', { actionOptions, repOptions: [] });
    expect(screen.getByRole('link', { name: 'Log a visit' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Rep', { selector: 'input' })).toBeNull();
    expect(screen.getByLabelText('Action', { selector: 'input' })).toBeInTheDocument();
    // The list's filters come from their own call, not from the visit form a reader may not open.
    expect(calls.some((url) => url.startsWith('/admin/api/prospects/form-options'))).toBe(false);
  });

  it('lets an analyst read and filter every rep’s visits but not log one', async () => {
    await listAs('analyst', { actionOptions, repOptions: [{ id: 2, name: 'Fran Field' }] });
    expect(screen.queryByRole('link', { name: 'Log a visit' })).toBeNull();
    expect(screen.getByLabelText('Rep', { selector: 'input' })).toBeInTheDocument();
  });

  it('tells an analyst who opens the visit form by its address that it is not theirs', async () => {
    const { calls, fetchStub } = stubApi({});
    vi.stubGlobal('fetch', fetchStub);
    renderAddress(paths.prospectCreate, { user: staffUser('analyst') });
    expect(await screen.findByRole('alert')).toHaveTextContent('You do not have permission to see this page.');
    // Nor does the form ask for its options, which would only be refused.
    expect(calls).toEqual([]);
  });
});

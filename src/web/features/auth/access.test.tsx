import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders, staffUser } from '../../test/renderWithProviders';
import { PermittedLink, RequirePermission } from './access';

afterEach(() => vi.unstubAllGlobals());

describe('RequirePermission', () => {
  it('shows the page to a role with the permission', () => {
    renderWithProviders(<RequirePermission permission="suppliers.manage">The form</RequirePermission>, {
      user: staffUser('operations'),
    });
    expect(screen.getByText('The form')).toBeInTheDocument();
  });

  it('tells a role without it that the page is not theirs, instead of the page', () => {
    renderWithProviders(<RequirePermission permission="suppliers.manage">The form</RequirePermission>, {
      user: staffUser('analyst'),
    });
    expect(screen.getByRole('alert')).toHaveTextContent('You do not have permission to see this page.');
    expect(screen.queryByText('The form')).toBeNull();
  });

  it('shows a page every signed-in member of staff may open to any role', () => {
    renderWithProviders(<RequirePermission permission="signed-in">Your account</RequirePermission>, {
      user: staffUser('field-rep'),
    });
    expect(screen.getByText('Your account')).toBeInTheDocument();
  });

  it('decides nothing until the user is known', () => {
    vi.stubGlobal('fetch', () => new Promise(() => {}));
    renderWithProviders(<RequirePermission permission="suppliers.manage">The form</RequirePermission>);
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('PermittedLink', () => {
  const customer = (
    <PermittedLink permission="customers.view" to="/admin/customers/7">
      Casey (#7)
    </PermittedLink>
  );

  it('links to a page the role may open', () => {
    renderWithProviders(customer, { user: staffUser('analyst') });
    expect(screen.getByRole('link', { name: 'Casey (#7)' })).toHaveAttribute('href', '/admin/customers/7');
  });

  it('is plain text for a role the page would refuse', () => {
    renderWithProviders(customer, { user: staffUser('field-rep') });
    expect(screen.getByText('Casey (#7)')).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
  });
});

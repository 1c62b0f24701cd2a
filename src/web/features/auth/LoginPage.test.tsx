import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { request } from '../../lib/http';
import { renderWithProviders, stubFetch } from '../../test/renderWithProviders';
import { LoginPage } from './LoginPage';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

const ENDED = 'Your session has ended. Please sign in again.';

describe('the sign-in page after a session has ended', () => {
  it('says the session has ended when a call found it so, and only on that visit of the page', async () => {
    vi.stubGlobal('fetch', stubFetch({ status: 401, body: { message: 'Unauthenticated.' } }).fetchStub);
    vi.stubGlobal('location', { ...window.location, assign: vi.fn() });
    // The test's page has no token in its HTML, which the client reports.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(request('GET', '/admin/api/me')).rejects.toMatchObject({ status: 401 });

    const first = renderWithProviders(<LoginPage />, { route: '/admin/login' });
    expect(screen.getByRole('status')).toHaveTextContent(ENDED);
    first.unmount();

    renderWithProviders(<LoginPage />, { route: '/admin/login' });
    expect(screen.queryByText(ENDED)).toBeNull();
  });

  it('says nothing of a session to someone who simply opens it', () => {
    renderWithProviders(<LoginPage />, { route: '/admin/login' });
    expect(screen.getByRole('heading', { name: 'Back Office sign-in' })).toBeInTheDocument();
    expect(screen.queryByText(ENDED)).toBeNull();
  });
});

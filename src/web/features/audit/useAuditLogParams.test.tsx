import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { useLocation, useNavigate } from 'react-router';
import { renderWithProviders } from '../../test/renderWithProviders';
import { useAuditLogParams } from './useAuditLogParams';

type Params = ReturnType<typeof useAuditLogParams>;

describe('useAuditLogParams', () => {
  it('keeps a filter chosen meanwhile when a change prepared earlier lands, and starts again from the newest page', () => {
    let first: Params | undefined;
    let latest: Params | undefined;
    function Probe() {
      const params = useAuditLogParams();
      first ??= params;
      latest = params;
      return <output>{useLocation().search}</output>;
    }
    renderWithProviders(<Probe />, { route: '/admin/audit?before=c9' });
    act(() => latest!.setFilters({ action: 'retire' }));
    // A record id typed before the action was chosen, landing after it.
    act(() => first!.setFilters({ entityType: 'device', entityId: '12' }));
    const params = new URLSearchParams(screen.getByRole('status').textContent ?? '');
    expect(Object.fromEntries(params)).toEqual({ action: 'retire', entityType: 'device', entityId: '12' });
  });

  it('makes an older page an entry of the history, so Back returns to the newer one with the same filters', () => {
    let latest: Params | undefined;
    let back: (() => void) | undefined;
    function Probe() {
      latest = useAuditLogParams();
      const navigate = useNavigate();
      back = () => void navigate(-1);
      return <output>{useLocation().search}</output>;
    }
    renderWithProviders(<Probe />, { route: '/admin/audit?userId=3' });
    act(() => latest!.setCursor('c5'));
    expect(latest!.query).toMatchObject({ userId: '3', before: 'c5' });
    act(() => back!());
    expect(screen.getByRole('status')).toHaveTextContent(/^\?userId=3$/);
  });

  it('keeps oldest first in the address, starting from the first page, and pages it on its after cursor', () => {
    let latest: Params | undefined;
    function Probe() {
      latest = useAuditLogParams();
      return <output>{useLocation().search}</output>;
    }
    renderWithProviders(<Probe />, { route: '/admin/audit?userId=3&before=c9' });
    act(() => latest!.setSort('createdAt'));
    expect(screen.getByRole('status')).toHaveTextContent(/^\?userId=3&sort=createdAt$/);
    act(() => latest!.setCursor('c5'));
    expect(latest!.query).toMatchObject({ userId: '3', sort: 'createdAt', after: 'c5' });
    expect(latest!.query).not.toHaveProperty('before');
    act(() => latest!.setSort('-createdAt'));
    expect(screen.getByRole('status')).toHaveTextContent(/^\?userId=3$/);
  });
});

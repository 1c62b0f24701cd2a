import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { AuditEntry } from '../../../contract/audit';
import { renderWithProviders } from '../../test/renderWithProviders';
import { AuditHistory } from './AuditHistory';

const entries: AuditEntry[] = [
  {
    id: 2,
    action: 'device.unassign_equipment',
    userName: 'Dana Staff',
    before: { a: 1 },
    after: { a: 2 },
    createdAt: '2026-11-20T15:04:00Z',
  },
  { id: 1, action: 'device.imported', userName: null, before: null, after: null, createdAt: '2026-11-19T09:00:00Z' },
];

afterEach(() => vi.unstubAllGlobals());

describe('AuditHistory', () => {
  it("asks for the record's history and shows who did what, with readable action names", async () => {
    const fetchStub = vi.fn(async () => new Response(JSON.stringify(entries), { status: 200 }));
    vi.stubGlobal('fetch', fetchStub);
    renderWithProviders(
      <AuditHistory
        entityType="device"
        entityId={7}
        labels={{ 'device.unassign_equipment': 'Unassigned equipment' }}
      />,
    );
    expect(await screen.findByRole('cell', { name: 'Unassigned equipment' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'device.imported' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'System' })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Change' })).not.toBeInTheDocument();
    expect(String((fetchStub.mock.calls[0] as unknown[])[0])).toBe('/admin/api/audit?entityType=device&entityId=7');
  });

  it('adds a Change column when the page describes changes', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(entries.slice(0, 1)), { status: 200 })),
    );
    renderWithProviders(
      <AuditHistory
        entityType="subscription"
        entityId={3}
        describeChange={(e) => `${JSON.stringify(e.before)} → ${JSON.stringify(e.after)}`}
      />,
    );
    expect(await screen.findByRole('cell', { name: '{"a":1} → {"a":2}' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Change' })).toBeInTheDocument();
  });

  it('says when nothing was recorded', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('[]', { status: 200 })),
    );
    renderWithProviders(
      <AuditHistory entityType="customer" entityId={1} empty="No changes recorded for this customer." />,
    );
    expect(await screen.findByText('No changes recorded for this customer.')).toBeInTheDocument();
  });
});

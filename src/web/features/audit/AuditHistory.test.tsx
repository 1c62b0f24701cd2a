import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { AuditChange, AuditEntry } from '../../../contract/audit';
import { renderWithProviders } from '../../test/renderWithProviders';
import { AuditHistory } from './AuditHistory';

const change = (over: Partial<AuditChange>): AuditChange => ({
  id: 1,
  action: 'supplier.updated',
  userName: 'Dana Staff',
  entityType: 'supplier',
  entityId: 7,
  before: null,
  after: null,
  recordName: 'Acme Wholesale',
  recordGone: false,
  revertable: false,
  createdAt: '2026-11-20T15:04:00Z',
  ...over,
});

const renamed: AuditEntry = {
  ...change({
    id: 2,
    before: { name: 'Acme', contactName: 'Ann' },
    after: { name: 'Acme Wholesale', contactName: 'Ann' },
  }),
  alongside: [],
  undos: [
    {
      id: 4,
      userName: 'Uma Undoer',
      createdAt: '2026-11-20T15:05:00Z',
      entries: [change({ id: 3, before: { name: 'Acme Wholesale' }, after: { name: 'Acme' }, revertable: true })],
    },
  ],
};
const created: AuditEntry = {
  ...change({ action: 'supplier.created', userName: null, after: { name: 'Acme' } }),
  alongside: [],
  undos: [],
};

afterEach(() => vi.unstubAllGlobals());

describe('AuditHistory', () => {
  it("asks for the record's history and reads it as the audit log: action names, changed fields only, the system", async () => {
    const fetchStub = vi.fn(async () => new Response(JSON.stringify([renamed, created]), { status: 200 }));
    vi.stubGlobal('fetch', fetchStub);
    renderWithProviders(<AuditHistory entityType="supplier" entityId={7} />);
    expect(await screen.findByRole('cell', { name: 'Changed' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Created' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'System' })).toBeInTheDocument();
    expect(screen.getByText('Acme → Acme Wholesale')).toBeInTheDocument();
    expect(screen.queryByText(/Contact name/)).not.toBeInTheDocument();
    expect(String((fetchStub.mock.calls[0] as unknown[])[0])).toBe('/admin/api/audit?entityType=supplier&entityId=7');
  });

  it("draws a phone's two columns from the first render on a phone, before its box has been measured", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify([renamed]), { status: 200 })),
    );
    vi.stubGlobal('innerWidth', 375);
    renderWithProviders(<AuditHistory entityType="supplier" entityId={7} />);
    expect(await screen.findByText('Acme → Acme Wholesale')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Entry', 'Change']);
  });

  it('shows an undo with the change it took back, and Redo only where the server says it applies', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify([renamed]), { status: 200 })),
    );
    renderWithProviders(<AuditHistory entityType="supplier" entityId={7} />);
    expect(await screen.findByText(/^Undone by Uma Undoer/)).toBeInTheDocument();
    expect(screen.getByText('Acme Wholesale → Acme')).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Redo entry 3' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Revert entry/ })).not.toBeInTheDocument();
  });

  it('names the other record a change wrote on, linked, with what it did there', async () => {
    const unassigned: AuditEntry = {
      ...change({
        action: 'device.unassign_equipment',
        entityType: 'device',
        recordName: 'SIM Only · SIM 8901',
        before: { imei: '356600000000001' },
        after: { imei: null },
      }),
      alongside: [
        change({
          id: 5,
          action: 'equipment.created',
          entityType: 'equipment',
          entityId: 9,
          recordName: 'Moto G · IMEI 356600000000001',
          after: { state: 'unbuilt' },
        }),
      ],
      undos: [],
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify([unassigned]), { status: 200 })),
    );
    renderWithProviders(<AuditHistory entityType="device" entityId={7} />);
    const link = await screen.findByRole('link', { name: 'Moto G · IMEI 356600000000001' });
    expect(link).toHaveAttribute('href', '/admin/equipment/9');
    expect(screen.getByText('Taken out of a device')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Unassigned equipment' })).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(2);
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

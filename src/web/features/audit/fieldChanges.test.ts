import { describe, expect, it } from 'vitest';
import { fieldChanges, fieldLabel, formatValue } from './fieldChanges';

describe('fieldChanges', () => {
  it('lists only the fields that changed, labelled, old and new', () => {
    expect(
      fieldChanges(
        { name: 'Acme', contactEmail: 'a@example.test', prorates: false, updatedAt: '2026-11-01T10:00:00Z' },
        { name: 'Acme Wholesale', contactEmail: 'a@example.test', prorates: true, updatedAt: '2026-11-02T10:00:00Z' },
      ),
    ).toEqual([
      { field: 'name', label: 'Name', before: 'Acme', after: 'Acme Wholesale' },
      { field: 'prorates', label: 'Prorates', before: 'No', after: 'Yes' },
    ]);
  });

  it('shows a reason by its label, not the id beside it, and none as a dash', () => {
    expect(
      fieldChanges(
        { cancellation_reason_id: 0, cancellation_reason: null },
        { cancellation_reason_id: 4, cancellation_reason: 'Moved' },
      ),
    ).toEqual([{ field: 'cancellation_reason', label: 'Reason', before: '—', after: 'Moved' }]);
  });

  it("shows a device's status by its name, not its id", () => {
    expect(fieldChanges({ deviceStatusId: 1 }, { deviceStatusId: 4 })).toEqual([
      { field: 'deviceStatusId', label: 'Status', before: 'Deployed', after: 'Available / In Service' },
    ]);
  });

  it('lists every field of a state recorded on one side only, on that side', () => {
    expect(fieldChanges(null, { name: 'Box', length: 8 })).toEqual([
      { field: 'name', label: 'Name', after: 'Box' },
      { field: 'length', label: 'Length', after: '8' },
    ]);
    expect(fieldChanges({ name: 'Box' }, null)).toEqual([{ field: 'name', label: 'Name', before: 'Box' }]);
    expect(fieldChanges(null, null)).toEqual([]);
  });

  it('reads keys and values as words', () => {
    expect(fieldLabel('supplier_report')).toBe('Supplier report');
    expect(fieldLabel('billingCycle')).toBe('Billing cycle');
    expect(formatValue({ model: 'Pixel 8', imei: '3569' })).toBe('Model: Pixel 8, IMEI: 3569');
  });
});

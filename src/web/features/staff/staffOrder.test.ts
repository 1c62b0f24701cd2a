import { describe, expect, it } from 'vitest';
import type { StaffRow } from '../../../contract/staff';
import { readStaffSort, sortStaff } from './staffOrder';

const row = (id: number, name: string, more: Partial<StaffRow> = {}) =>
  ({
    id,
    name,
    email: `${name.toLowerCase()}@example.com`,
    role: 'analyst',
    status: 'active',
    lastSignInAt: null,
    ...more,
  }) as StaffRow;

const rows = [
  row(1, 'bea', { role: 'administrator', lastSignInAt: '2026-11-20T10:00:00Z', status: 'disabled' }),
  row(2, 'Adam', { lastSignInAt: '2026-11-27T10:00:00Z' }),
  row(3, 'Cy', { role: 'field-rep', status: 'invited' }),
  row(4, 'adam', { lastSignInAt: '2026-11-27T10:00:00Z' }),
];
const ids = (sorted: StaffRow[]) => sorted.map((r) => r.id);

describe('the staff list order', () => {
  it('sorts names whatever their case, ties by id', () => {
    expect(ids(sortStaff(rows, 'name'))).toEqual([2, 4, 1, 3]);
    expect(ids(sortStaff(rows, '-name'))).toEqual([3, 1, 4, 2]);
  });

  it('puts the latest sign-ins first when descending and those never signed in last', () => {
    expect(ids(sortStaff(rows, '-lastSignInAt'))).toEqual([4, 2, 1, 3]);
  });

  it('sorts roles and statuses by the label shown', () => {
    expect(ids(sortStaff(rows, 'role'))).toEqual([1, 2, 4, 3]);
    expect(ids(sortStaff(rows, 'status'))).toEqual([2, 4, 1, 3]);
  });

  it('reads an unknown or missing sort in the address as the default', () => {
    expect(readStaffSort(null)).toBe('name');
    expect(readStaffSort('password')).toBe('name');
    expect(readStaffSort('--name')).toBe('name');
    expect(readStaffSort('-lastSignInAt')).toBe('-lastSignInAt');
  });
});

import { useSearchParams } from 'react-router';
import { roleLabel } from '../../../contract/access';
import { STAFF_STATUS_LABELS, type StaffRow } from '../../../contract/staff';

/**
 * The staff list's sorts: every account comes in one answer (a back office has tens of staff, not thousands), so it
 * is sorted here, by what the column shows, rather than by an index (ADR 023 is about paged lists).
 */
const SORT_KEYS = {
  name: (u: StaffRow) => u.name.toLocaleLowerCase('en-US'),
  email: (u: StaffRow) => u.email.toLocaleLowerCase('en-US'),
  role: (u: StaffRow) => roleLabel(u.role),
  lastSignInAt: (u: StaffRow) => u.lastSignInAt ?? '',
  status: (u: StaffRow) => STAFF_STATUS_LABELS[u.status],
} as const;

export type StaffSort = keyof typeof SORT_KEYS | `-${keyof typeof SORT_KEYS}`;
export const DEFAULT_STAFF_SORT: StaffSort = 'name';

/** The sort an address names, or the default for a missing or unknown one. */
export function readStaffSort(value: string | null): StaffSort {
  const key = value?.replace(/^-/, '');
  return key && key in SORT_KEYS ? (value as StaffSort) : DEFAULT_STAFF_SORT;
}

/** The accounts in the sort's order; ties by name, then id, so the order never shuffles between loads. */
export function sortStaff(rows: readonly StaffRow[], sort: StaffSort): StaffRow[] {
  const descending = sort.startsWith('-');
  const keyOf = SORT_KEYS[sort.replace(/^-/, '') as keyof typeof SORT_KEYS];
  const compare = (a: StaffRow, b: StaffRow) =>
    keyOf(a).localeCompare(keyOf(b), 'en-US') ||
    SORT_KEYS.name(a).localeCompare(SORT_KEYS.name(b), 'en-US') ||
    a.id - b.id;
  return [...rows].sort((a, b) => (descending ? -compare(a, b) : compare(a, b)));
}

/** The staff list's sort, kept in the address (`sort`, left out for the default) so a link or a reload keeps it. */
export function useStaffSort(): { sort: StaffSort; onSortChange(sort: string): void } {
  const [params, setParams] = useSearchParams();
  const onSortChange = (next: string) =>
    setParams(
      (current) => {
        if (next === DEFAULT_STAFF_SORT) current.delete('sort');
        else current.set('sort', next);
        return current;
      },
      { replace: true },
    );
  return { sort: readStaffSort(params.get('sort')), onSortChange };
}

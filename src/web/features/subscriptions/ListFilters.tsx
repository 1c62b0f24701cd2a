import { useEffect } from 'react';
import { Select, Switch } from '@mantine/core';
import { CARRIERS } from '../../../contract/business';
import { EXACT_COUNT_LIMIT } from '../../../contract/pagination';
import { DateRangeFields, FilterBar, SearchInput, useFilterParams, useUrlPager } from '../../ui';

/** Two filters a row on a phone, a fixed width from 576 px. */
const HALF = { base: 'calc(50% - 6px)', xs: 150 };

/**
 * The filters and sort of a reason list, kept in the address so a reload or a shared link shows the same rows.
 */
export function useListParams<S extends string>(extraName: 'status' | 'type', defaultSort: S) {
  const params = useFilterParams();
  const filters = {
    q: params.get('q'),
    carrierId: params.get('carrierId'),
    from: params.get('from'),
    to: params.get('to'),
    extra: params.get(extraName),
    // The daily job is recording reasons, so that is the default view; `needsReason=0` shows every row.
    needsReason: params.get('needsReason') !== '0',
  };
  const pager = useUrlPager<S>(defaultSort);
  const set = (changes: Record<string, string | number | boolean | null>) =>
    params.set(
      Object.fromEntries(
        Object.entries(changes).map(([name, value]) => [
          name,
          name === 'needsReason' ? (value ? '' : '0') : value === null ? '' : String(value),
        ]),
      ),
    );
  // The filters both lists share; each list adds its own (`filters.extra`). The server checks them all.
  const query = {
    q: filters.q,
    carrierId: filters.carrierId,
    from: filters.from,
    to: filters.to,
    needsReason: filters.needsReason ? ('1' as const) : undefined,
    ...pager.request,
  };
  return { filters, set, query, paging: pager.props };
}

/**
 * When recorded rows have emptied the last page, show the page that is now last rather than an empty list
 * that would read as "nothing left to do".
 */
export function useClampPage(
  { page, perPage, onPageChange }: ReturnType<typeof useListParams>['paging'],
  list: { rows: unknown[]; total: number } | undefined,
) {
  const last = list ? Math.max(1, Math.ceil(list.total / perPage)) : page;
  const empty = !!list && list.rows.length === 0;
  useEffect(() => {
    // Past the numbered pages there is no offset to go back to: start again from the first page.
    if (empty && page > last) onPageChange({ page: (last - 1) * perPage < EXACT_COUNT_LIMIT ? last : 1 });
  }, [empty, page, perPage, last, onPageChange]);
}

export interface ListFiltersProps {
  filters: ReturnType<typeof useListParams>['filters'];
  set: ReturnType<typeof useListParams>['set'];
  extraName: 'status' | 'type';
  extraLabel: string;
  extraOptions: { value: string; label: string }[];
  /** What the date range applies to: "Ordered" or "Cancelled". */
  dateLabel: string;
}

export function ListFilters({ filters, set, extraName, extraLabel, extraOptions, dateLabel }: ListFiltersProps) {
  const filtered =
    !!(filters.q || filters.carrierId || filters.from || filters.to || filters.extra) || !filters.needsReason;
  return (
    <FilterBar
      filtered={filtered}
      onReset={() => set({ q: null, carrierId: null, from: null, to: null, [extraName]: null, needsReason: true })}
    >
      <SearchInput
        label="Search"
        placeholder="Customer name or ID, phone, IMEI"
        value={filters.q}
        onChange={(q) => set({ q })}
        w={{ base: '100%', sm: 300 }}
      />
      <Select
        label="Carrier"
        placeholder="All carriers"
        data={CARRIERS.map((c) => ({ value: String(c.id), label: c.name }))}
        value={filters.carrierId || null}
        onChange={(carrierId) => set({ carrierId })}
        clearable
        w={HALF}
      />
      <Select
        label={extraLabel}
        placeholder="All"
        data={extraOptions}
        value={filters.extra || null}
        onChange={(value) => set({ [extraName]: value })}
        clearable
        w={HALF}
      />
      <DateRangeFields
        labels={[`${dateLabel} from`, `${dateLabel} to`]}
        from={filters.from}
        to={filters.to}
        onChange={set}
        w={HALF}
      />
      <Switch
        label="Needs a reason"
        checked={filters.needsReason}
        onChange={(event) => set({ needsReason: event.currentTarget.checked })}
        mb={8}
      />
    </FilterBar>
  );
}

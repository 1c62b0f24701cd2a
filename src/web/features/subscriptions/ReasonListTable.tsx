import type { UseQueryResult } from '@tanstack/react-query';
import type { Page } from '../../../contract/pagination';
import { DataTable, pageQueryProps, type Column } from '../../ui';
import { PER_PAGE, type useListParams } from './ListFilters';

type ListParams = ReturnType<typeof useListParams>;

interface ReasonListTableProps<T> {
  caption: string;
  columns: Column<T>[];
  list: UseQueryResult<Page<T>>;
  filters: ListParams['filters'];
  paging: ListParams['paging'];
  /** On a phone the picker shares the first column, so the table can be narrower. */
  narrow: boolean;
  /** Shown when the needs-a-reason queue is empty, unless a search narrowed it. */
  allRecorded: string;
  noMatch: string;
}

/** The table of a reason list: a page of its rows, with its own empty texts for an emptied queue and a filter. */
export function ReasonListTable<T>({
  caption,
  columns,
  list,
  filters,
  paging,
  narrow,
  allRecorded,
  noMatch,
}: ReasonListTableProps<T>) {
  return (
    <DataTable
      caption={caption}
      columns={columns}
      {...pageQueryProps(list)}
      // Not dimmed while a recorded reason refetches the page in the background: only for another page or filter.
      loading={list.isPending || list.isPlaceholderData}
      {...paging}
      perPage={PER_PAGE}
      minWidth={narrow ? 640 : 900}
      empty={filters.needsReason && !filters.q ? allRecorded : noMatch}
    />
  );
}

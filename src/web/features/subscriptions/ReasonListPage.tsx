import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Endpoint } from '../../../contract/endpoint';
import type { Page } from '../../../contract/pagination';
import type { SavedViewList } from '../../../contract/saved-views';
import { ListPage, pageQueryProps, type Column } from '../../ui';
import { SavedViewsMenu } from '../saved-views';
import { ListFilters, useClampPage, type ListFiltersProps, type useListParams } from './ListFilters';

interface ReasonListPageProps<T> {
  /** The page's title, and the table's caption. */
  title: string;
  views: SavedViewList;
  /** Said under the title while the list shows the needs-a-reason queue. */
  queueDescription: string;
  /** Said under the title otherwise (what the sort leaves out). */
  description?: string;
  exportEndpoint: Endpoint;
  query: Record<string, unknown>;
  params: ReturnType<typeof useListParams>;
  /** The list's own filter and the date its range applies to. */
  filterFields: Omit<ListFiltersProps, 'filters' | 'set'>;
  columns: Column<T>[];
  list: UseQueryResult<Page<T>>;
  /** On a phone the picker shares the first column, so the table can be narrower. */
  narrow: boolean;
  /** Shown when the needs-a-reason queue is empty, unless a search narrowed it. */
  allRecorded: string;
  noMatch: string;
  /** Between the filters and the table: chips of the filters a chart opened, the reasons alert, a bulk bar. */
  children?: ReactNode;
}

/** A reason list (subscriptions, cancellations): the list page with their shared filters and empty texts. */
export function ReasonListPage<T>({
  title,
  views,
  queueDescription,
  description,
  exportEndpoint,
  query,
  params: { filters, set, paging },
  filterFields,
  columns,
  list,
  narrow,
  allRecorded,
  noMatch,
  children,
}: ReasonListPageProps<T>) {
  useClampPage(paging, list.data);
  return (
    <ListPage
      title={title}
      description={filters.needsReason ? queueDescription : description}
      views={<SavedViewsMenu list={views} />}
      exportTo={{ endpoint: exportEndpoint, query }}
      filters={<ListFilters filters={filters} set={set} {...filterFields} />}
      table={{
        caption: title,
        columns,
        ...pageQueryProps(list),
        // Not dimmed while a recorded reason refetches the page in the background: only for another page or filter.
        loading: list.isPending || list.isPlaceholderData,
        ...paging,
        minWidth: narrow ? 640 : 900,
        empty: filters.needsReason && !filters.q ? allRecorded : noMatch,
      }}
    >
      {children}
    </ListPage>
  );
}

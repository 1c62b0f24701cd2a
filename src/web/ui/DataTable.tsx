import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Box, Table, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import { HttpError } from '../lib/http';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from './states';
import type { UseQueryResult } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE, isPageSize, type Page, type PageSize } from '../../contract/pagination';
import { PageLinks, type PageRequest } from './PageLinks';
import { cellStyle, shownCells, type Column } from './columns';
import { CardSort, ListCards, useCards } from './ListCards';

export interface DataTableProps<T> {
  columns: Column<T>[];
  rows: T[] | undefined;
  /** Names the table for screen readers. */
  caption?: string;
  loading?: boolean;
  error?: unknown;
  onRetry?(): void;
  total?: number;
  /** `total` is the server's estimate: pages are then reached with Previous and Next only. */
  estimated?: boolean;
  /** Cursor of the page after this one; null on the last page. */
  nextCursor?: string | null;
  page?: number;
  perPage?: number;
  /** Lets the reader choose how many rows a page shows (one of PAGE_SIZES); without it the size is fixed. */
  onPerPageChange?(perPage: PageSize): void;
  /** Whether the count was asked exactly (kept when paging on). */
  exact?: boolean;
  onPageChange?(request: PageRequest): void;
  empty?: ReactNode;
  rowKey?(row: T): string | number;
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth?: number;
  /** The current sort and its change; without them no column offers sorting. */
  sort?: string;
  onSortChange?(sort: string): void;
}

const defaultKey = (row: unknown, index: number) => (row as { id?: string | number }).id ?? index;

function errorMessage(error: unknown): string {
  return error instanceof HttpError ? error.firstError : 'This list could not be loaded.';
}

/**
 * A server-paginated list: loading, empty and error (with retry) states, a caption, and page links. Its rows are a
 * table, or cards on a narrow screen when a column is the cards' title; a column empty on every row is left out.
 */
export function DataTable<T>({
  columns,
  rows,
  caption,
  loading = false,
  error,
  onRetry,
  total = 0,
  estimated = false,
  nextCursor = null,
  page = 1,
  perPage = DEFAULT_PAGE_SIZE,
  onPerPageChange,
  exact = false,
  onPageChange,
  empty,
  rowKey,
  minWidth = 600,
  sort,
  onSortChange,
}: DataTableProps<T>) {
  // Cursors of the pages visited by Next, so Previous finds its way back past the numbered pages.
  const cursors = useRef(new Map<number, string>());
  const cards = useCards(columns);
  if (error) return <ErrorState message={errorMessage(error)} onRetry={onRetry} error={error} />;
  if (!rows) return loading ? <LoadingState /> : null;
  if (!rows.length && !loading) return <EmptyState>{empty}</EmptyState>;

  const shown = shownCells(columns, rows);
  const keyOf = (row: T, i: number) => (rowKey ? rowKey(row) : defaultKey(row, i));
  const sorting = sort !== undefined && onSortChange ? { sort, onSortChange } : undefined;
  return (
    <Box>
      {cards ? (
        <>
          {sorting && <CardSort columns={columns} {...sorting} />}
          <ListCards
            columns={shown.columns}
            rows={rows}
            cells={shown.cells}
            rowKey={keyOf}
            caption={caption}
            loading={loading}
          />
        </>
      ) : (
        <RowsTable
          columns={shown.columns}
          rows={rows}
          cells={shown.cells}
          rowKey={keyOf}
          caption={caption}
          loading={loading}
          minWidth={minWidth}
          sort={sort}
          onSortChange={onSortChange}
        />
      )}
      {total > 0 && (
        <PageLinks
          shown={rows.length}
          total={total}
          estimated={estimated}
          nextCursor={nextCursor}
          page={page}
          perPage={perPage}
          onPerPageChange={onPerPageChange}
          exact={exact}
          onPageChange={onPageChange}
          cursors={cursors}
        />
      )}
    </Box>
  );
}

/** The rows as a table, with its heading row. */
function RowsTable<T>({
  columns,
  rows,
  cells,
  rowKey,
  caption,
  loading,
  minWidth,
  sort,
  onSortChange,
}: Pick<DataTableProps<T>, 'columns' | 'caption' | 'minWidth' | 'sort' | 'onSortChange'> & {
  rows: T[];
  cells: ReactNode[][];
  rowKey(row: T, index: number): string | number;
  loading: boolean;
}) {
  // A plain scrolling box that takes focus, so a keyboard can scroll a table wider than the window; positioned, so
  // the hidden caption stays inside it instead of widening the page.
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      type="native"
      tabIndex={0}
      aria-label={caption}
      style={{ position: 'relative' }}
    >
      <Table striped highlightOnHover verticalSpacing="xs" aria-busy={loading} style={{ opacity: loading ? 0.6 : 1 }}>
        {caption && (
          <caption>
            <VisuallyHidden>{caption}</VisuallyHidden>
          </caption>
        )}
        <HeadRow columns={columns} sort={sort} onSortChange={onSortChange} />
        <Table.Tbody>
          {rows.map((row, r) => (
            <Table.Tr key={rowKey(row, r)}>
              {columns.map((c, i) => (
                <Table.Td key={c.key} style={cellStyle(c)}>
                  {cells[r]![i]}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The heading row: a sortable column's heading is a button that sorts by it, and tells which way it is sorted. */
function HeadRow<T>({ columns, sort, onSortChange }: Pick<DataTableProps<T>, 'columns' | 'sort' | 'onSortChange'>) {
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((c) => {
          const sortable = c.sortable && sort !== undefined && onSortChange;
          const direction = sort === c.key ? 'ascending' : sort === `-${c.key}` ? 'descending' : undefined;
          return (
            <Table.Th
              key={c.key}
              scope="col"
              style={{ textAlign: c.align, width: c.width }}
              aria-sort={sortable ? (direction ?? 'none') : undefined}
            >
              {sortable ? <SortButton column={c} direction={direction} onSort={onSortChange} /> : c.header}
            </Table.Th>
          );
        })}
      </Table.Tr>
    </Table.Thead>
  );
}

const SORT_ICONS = { ascending: IconArrowUp, descending: IconArrowDown, none: IconArrowsSort };

/** A sortable column's heading: sorts by it in its first direction, or reverses it when already sorted by it. */
function SortButton<T>({
  column,
  direction,
  onSort,
}: {
  column: Column<T>;
  direction?: 'ascending' | 'descending';
  onSort(sort: string): void;
}) {
  const Icon = SORT_ICONS[direction ?? 'none'];
  const descending = direction ? direction === 'ascending' : column.sortable === 'desc';
  return (
    <UnstyledButton
      onClick={() => onSort(descending ? `-${column.key}` : column.key)}
      style={{ display: 'inline-flex', alignItems: 'center', gap: 4, fontWeight: 'inherit', whiteSpace: 'nowrap' }}
    >
      {column.header}
      <Icon size={14} aria-hidden opacity={direction ? 1 : 0.5} />
      <VisuallyHidden>{descending ? ', sort descending' : ', sort ascending'}</VisuallyHidden>
    </UnstyledButton>
  );
}

/** The DataTable props that follow from a paginated list query: its rows, count, cursor, loading, error, retry. */
export function pageQueryProps<T>(query: UseQueryResult<Page<T>>) {
  return {
    rows: query.data?.rows,
    total: query.data?.total,
    estimated: query.data?.estimated,
    nextCursor: query.data?.nextCursor,
    loading: query.isFetching,
    error: query.error,
    onRetry: () => void query.refetch(),
  };
}

/**
 * The page a list shows, kept in the component: its request for the API (with the sort, when the list has one,
 * and the page size), the DataTable props, and a reset. A changed sort or page size starts again from the first page.
 */
export function usePager<S extends string = never>(defaultSort?: S) {
  const [request, setRequest] = useState<PageRequest>({ page: 1 });
  const [sort, setSort] = useState<S | undefined>(defaultSort);
  const [perPage, setPerPage] = useState<PageSize>(DEFAULT_PAGE_SIZE);
  const onSortChange = (next: string) => {
    setSort(next as S);
    setRequest({ page: 1 });
  };
  const onPerPageChange = (next: PageSize) => {
    setPerPage(next);
    setRequest({ page: 1 });
  };
  return {
    request: { ...request, sort: sort as S, perPage },
    /** Back to the first page, for a changed filter. */
    reset: () => setRequest({ page: 1 }),
    props: {
      page: request.page,
      perPage,
      onPerPageChange,
      exact: request.exact === '1',
      onPageChange: setRequest,
      ...(sort !== undefined && { sort, onSortChange }),
    },
  };
}

/** Address parameters of a page; a changed filter clears them (spread it into the change) to start again. */
export const FIRST_PAGE = { page: '', after: '', exact: '' } as const;

/**
 * Sets (or, given an empty value, clears) address parameters in place, keeping the hash: a page's tab (§2). It
 * reads the address as last rendered when called, not as it was when its caller rendered: a search box's debounced change lands after other filters
 * may have changed it, and must not put them back. `replace: false` makes the change an entry of the history, for
 * a change Back should undo (another page of a list paged by cursor).
 */
export function useParamsUpdate() {
  const location = useLocation();
  const navigate = useNavigate();
  const latest = useRef(location);
  useEffect(() => {
    latest.current = location;
  }, [location]);
  return (changes: Record<string, string | null | undefined>, { replace = true }: { replace?: boolean } = {}) => {
    const next = new URLSearchParams(latest.current.search);
    for (const [name, value] of Object.entries(changes))
      if (value) next.set(name, value);
      else next.delete(name);
    // The next change builds on this one even before the address has re-rendered (a search's delayed update and a
    // select chosen in the same moment, on a busy machine): otherwise the later change would drop the earlier.
    latest.current = { ...latest.current, search: `?${next.toString()}` };
    void navigate({ search: next.toString(), hash: latest.current.hash }, { replace });
  };
}

/**
 * The page a list shows, kept in the address (page, after, exact, `sort` and `perPage` unless they are the list's
 * defaults), so a reload, a saved view or a shared link shows it again. A changed sort or page size starts again
 * from the first page.
 */
export function useUrlPager<S extends string = never>(defaultSort?: S) {
  const [params] = useSearchParams();
  const update = useParamsUpdate();
  // An unknown sort typed into the address is the server's to refuse, with the sorts it offers.
  const sort = (params.get('sort') || defaultSort) as S;
  // A page size the lists do not offer (a hand-edited address) shows the default: there is no other to choose.
  const perPageParam = params.get('perPage');
  const perPage = isPageSize(perPageParam) ? (Number(perPageParam) as PageSize) : DEFAULT_PAGE_SIZE;
  const request = {
    page: Math.max(1, Number(params.get('page')) || 1),
    after: params.get('after') || undefined,
    exact: params.get('exact') === '1' ? ('1' as const) : undefined,
    sort,
    perPage,
  };
  const onPageChange = ({ page, after, exact }: PageRequest) =>
    update({ page: page > 1 ? String(page) : '', after, exact });
  const onSortChange = (next: string) => update({ ...FIRST_PAGE, sort: next === defaultSort ? '' : next });
  const onPerPageChange = (next: PageSize) =>
    update({ ...FIRST_PAGE, perPage: next === DEFAULT_PAGE_SIZE ? '' : String(next) });
  return {
    request,
    props: {
      page: request.page,
      perPage,
      onPerPageChange,
      exact: !!request.exact,
      onPageChange,
      ...(sort !== undefined && { sort, onSortChange }),
    },
  };
}

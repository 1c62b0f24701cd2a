import type { ReactNode } from 'react';
import { Box, Group, Pagination, Table, Text, VisuallyHidden } from '@mantine/core';
import { HttpError } from '../lib/http';
import { EmptyState, ErrorState, LoadingState } from './states';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Page } from '../../contract/pagination';

export interface Column<T> {
  key: string;
  header: ReactNode;
  /** Defaults to the row's property named `key`. */
  render?(row: T): ReactNode;
  align?: 'left' | 'center' | 'right';
  width?: number | string;
  /** Keep the cell on one line (dates, codes). */
  nowrap?: boolean;
}

export interface DataTableProps<T> {
  columns: Column<T>[];
  rows: T[] | undefined;
  /** Names the table for screen readers. */
  caption?: string;
  loading?: boolean;
  error?: unknown;
  onRetry?(): void;
  total?: number;
  page?: number;
  perPage?: number;
  onPageChange?(page: number): void;
  empty?: ReactNode;
  rowKey?(row: T): string | number;
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth?: number;
}

const defaultKey = (row: unknown, index: number) => (row as { id?: string | number }).id ?? index;

function errorMessage(error: unknown): string {
  return error instanceof HttpError ? error.firstError : 'This list could not be loaded.';
}

/** A server-paginated list: loading, empty and error (with retry) states, a caption, and page links. */
export function DataTable<T>({
  columns,
  rows,
  caption,
  loading = false,
  error,
  onRetry,
  total = 0,
  page = 1,
  perPage = 25,
  onPageChange,
  empty,
  rowKey,
  minWidth = 600,
}: DataTableProps<T>) {
  if (error) return <ErrorState message={errorMessage(error)} onRetry={onRetry} error={error} />;
  if (!rows) return loading ? <LoadingState /> : null;
  if (!rows.length && !loading) return <EmptyState>{empty}</EmptyState>;

  const pages = Math.max(1, Math.ceil(total / perPage));
  const first = (page - 1) * perPage + 1;
  const last = Math.min(total, page * perPage);

  return (
    <Box>
      <Table.ScrollContainer minWidth={minWidth}>
        <Table striped highlightOnHover verticalSpacing="xs" aria-busy={loading} style={{ opacity: loading ? 0.6 : 1 }}>
          {caption && (
            <caption>
              <VisuallyHidden>{caption}</VisuallyHidden>
            </caption>
          )}
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c.key} scope="col" style={{ textAlign: c.align, width: c.width }}>
                  {c.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, i) => (
              <Table.Tr key={rowKey ? rowKey(row) : defaultKey(row, i)}>
                {columns.map((c) => (
                  <Table.Td key={c.key} style={{ textAlign: c.align, whiteSpace: c.nowrap ? 'nowrap' : undefined }}>
                    {c.render ? c.render(row) : String((row as Record<string, unknown>)[c.key] ?? '')}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {total > 0 && (
        <Group justify="space-between" mt="sm" gap="xs">
          <Text size="sm" c="dimmed" aria-live="polite">
            {first}–{last} of {total.toLocaleString('en-US')}
          </Text>
          {pages > 1 && onPageChange && (
            <Pagination
              total={pages}
              value={page}
              onChange={onPageChange}
              size="sm"
              siblings={1}
              boundaries={1}
              aria-label="Pages"
              getItemProps={(p) => ({ 'aria-label': `Page ${p}`, 'aria-current': p === page ? 'page' : undefined })}
              getControlProps={(control) => ({ 'aria-label': `${control[0]!.toUpperCase()}${control.slice(1)} page` })}
            />
          )}
        </Group>
      )}
    </Box>
  );
}

/** The DataTable props that follow from a paginated list query: its rows, total, loading and error states, retry. */
export function pageQueryProps<T>(query: UseQueryResult<Page<T>>) {
  return {
    rows: query.data?.rows,
    total: query.data?.total,
    loading: query.isFetching,
    error: query.error,
    onRetry: () => void query.refetch(),
  };
}

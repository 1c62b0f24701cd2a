import { useId, type ReactNode } from 'react';
import { Button, Collapse, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import type { Endpoint } from '../../contract/endpoint';
import { DataTable, type DataTableProps } from './DataTable';
import { ExportButton } from './ExportButton';
import { useCards } from './ListCards';
import { PageHeader } from './PageHeader';

export interface ListPageProps<T> {
  title: string;
  description?: ReactNode;
  /**
   * The page's saved views menu, shown first among the actions. Saved views are a feature, which the kit does not
   * import: the page passes its menu in.
   */
  views?: ReactNode;
  /** The list's CSV export with the filters the page shows; its progress counts against the table's total. */
  exportTo?: { endpoint: Endpoint; query: Record<string, unknown> };
  /** The page's other actions, after the export: links to related pages, a create button. */
  actions?: ReactNode;
  /** The filters, kept in the address by the page (`useFilterParams`). */
  filters?: ReactNode;
  /** What stands between the filters and the table: filter chips, alerts, a bulk bar. */
  children?: ReactNode;
  table: DataTableProps<T>;
  /** What follows the table: paging of the page's own, such as the audit log's Newest and Older. */
  footer?: ReactNode;
}

/** A list page: its header with saved views, export and actions, its filters, and its sortable, paged table. */
export function ListPage<T>({
  title,
  description,
  views,
  exportTo,
  actions,
  filters,
  children,
  table,
  footer,
}: ListPageProps<T>) {
  const cards = useCards(table.columns);
  const exporting = exportTo && (
    <ExportButton endpoint={exportTo.endpoint} query={exportTo.query} total={table.total} estimated={table.estimated} />
  );
  return (
    <Stack gap="sm">
      <PageHeader
        title={title}
        description={description}
        actions={
          (views || exporting || actions) && (
            <>
              {views}
              {exporting}
              {actions}
            </>
          )
        }
      />
      {filters && (cards ? <FoldedFilters>{filters}</FoldedFilters> : filters)}
      {children}
      <DataTable {...table} />
      {footer}
    </Stack>
  );
}

/** The filters of a list shown as cards (a phone), folded under a button so that the first rows are on screen. */
function FoldedFilters({ children }: { children: ReactNode }) {
  const [open, { toggle }] = useDisclosure(false);
  const id = useId();
  return (
    <Stack gap="xs">
      <Button
        variant="default"
        size="xs"
        w="fit-content"
        leftSection={<IconAdjustmentsHorizontal size={14} />}
        aria-expanded={open}
        aria-controls={id}
        onClick={toggle}
      >
        Filters
      </Button>
      <Collapse expanded={open} id={id}>
        {children}
      </Collapse>
    </Stack>
  );
}

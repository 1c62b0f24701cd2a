import { Button, Group, em } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronRight, IconChevronsLeft } from '@tabler/icons-react';
import { AUDIT_LOG_PAGE_SIZE, auditLogEndpoints } from '../../../contract/audit';
import { ListPage } from '../../ui';
import { useAuditLog } from './api';
import { AuditLogFilters } from './AuditLogFilters';
import { auditLogColumns, auditLogPhoneColumns, fittingColumns, NARROW_TABLE } from './columns';
import { useAuditLogParams } from './useAuditLogParams';

/** The whole audit log for Administrators: every change and security event, newest or oldest first, a page at a time. */
export function AuditLogPage() {
  const { filters, sort, cursor, query, filtered, setFilters, setSort, setCursor } = useAuditLogParams();
  const oldestFirst = sort === 'createdAt';
  const log = useAuditLog(query);
  const phone = useMediaQuery(`(max-width: ${em(NARROW_TABLE)})`) ?? false;
  return (
    <ListPage
      title="Audit log"
      description={`Every change, sign-in and refusal, ${oldestFirst ? 'oldest' : 'newest'} first, ${AUDIT_LOG_PAGE_SIZE} a page.`}
      exportTo={{ endpoint: auditLogEndpoints.export, query: { ...filters, ...(oldestFirst ? { sort } : {}) } }}
      filters={<AuditLogFilters filters={filters} filtered={filtered} setFilters={setFilters} />}
      table={{
        caption: 'Audit log',
        ...fittingColumns(phone, auditLogColumns, auditLogPhoneColumns, 900),
        rows: log.data?.rows,
        loading: log.isPending || log.isPlaceholderData,
        error: log.error,
        onRetry: () => void log.refetch(),
        sort,
        onSortChange: setSort,
        empty: filtered ? 'No entries match these filters.' : 'Nothing has been recorded yet.',
      }}
      footer={
        <CursorButtons
          cursor={cursor}
          nextCursor={log.data?.nextCursor}
          setCursor={setCursor}
          labels={oldestFirst ? ['Oldest', 'Newer'] : ['Newest', 'Older']}
        />
      }
    />
  );
}

/**
 * Back to the first page and on to the next under the table (Newest and Older, or Oldest and Newer): the log pages
 * by cursor without a count, so the table shows no page links.
 */
function CursorButtons({
  cursor,
  nextCursor,
  setCursor,
  labels: [first, next],
}: {
  cursor: string;
  nextCursor: string | null | undefined;
  setCursor(cursor: string | null): void;
  labels: [string, string];
}) {
  if (!cursor && !nextCursor) return null;
  return (
    <Group justify="flex-end" gap="xs">
      {cursor && (
        <Button
          variant="default"
          size="compact-sm"
          leftSection={<IconChevronsLeft size={16} />}
          onClick={() => setCursor(null)}
        >
          {first}
        </Button>
      )}
      {nextCursor && (
        <Button
          variant="default"
          size="compact-sm"
          rightSection={<IconChevronRight size={16} />}
          onClick={() => setCursor(nextCursor)}
        >
          {next}
        </Button>
      )}
    </Group>
  );
}

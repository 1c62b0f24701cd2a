import { Button, Group, em } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronRight, IconChevronsLeft } from '@tabler/icons-react';
import { AUDIT_LOG_PAGE_SIZE, auditLogEndpoints } from '../../../contract/audit';
import { ListPage } from '../../ui';
import { useAuditLog } from './api';
import { AuditLogFilters } from './AuditLogFilters';
import { auditLogColumns, auditLogPhoneColumns } from './columns';
import { useAuditLogParams } from './useAuditLogParams';

/** The whole audit log for Administrators: every change and security event, newest first, a page at a time. */
export function AuditLogPage() {
  const { filters, before, query, filtered, setFilters, setBefore } = useAuditLogParams();
  const log = useAuditLog(query);
  const phone = useMediaQuery(`(max-width: ${em(599)})`) ?? false;
  return (
    <ListPage
      title="Audit log"
      description={`Every change, sign-in and refusal, newest first, ${AUDIT_LOG_PAGE_SIZE} a page.`}
      exportTo={{ endpoint: auditLogEndpoints.export, query: filters }}
      filters={<AuditLogFilters filters={filters} filtered={filtered} setFilters={setFilters} />}
      table={{
        caption: 'Audit log',
        columns: phone ? auditLogPhoneColumns : auditLogColumns,
        rows: log.data?.rows,
        loading: log.isPending || log.isPlaceholderData,
        error: log.error,
        onRetry: () => void log.refetch(),
        minWidth: phone ? 320 : 900,
        empty: filtered ? 'No entries match these filters.' : 'Nothing has been recorded yet.',
      }}
      footer={<CursorButtons before={before} nextCursor={log.data?.nextCursor} setBefore={setBefore} />}
    />
  );
}

/** Newest and Older under the table: the log pages by cursor without a count, so the table shows no page links. */
function CursorButtons({
  before,
  nextCursor,
  setBefore,
}: {
  before: string;
  nextCursor: string | null | undefined;
  setBefore(cursor: string | null): void;
}) {
  if (!before && !nextCursor) return null;
  return (
    <Group justify="flex-end" gap="xs">
      {before && (
        <Button
          variant="default"
          size="compact-sm"
          leftSection={<IconChevronsLeft size={16} />}
          onClick={() => setBefore(null)}
        >
          Newest
        </Button>
      )}
      {nextCursor && (
        <Button
          variant="default"
          size="compact-sm"
          rightSection={<IconChevronRight size={16} />}
          onClick={() => setBefore(nextCursor)}
        >
          Older
        </Button>
      )}
    </Group>
  );
}

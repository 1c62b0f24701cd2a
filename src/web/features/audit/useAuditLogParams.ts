import { useSearchParams } from 'react-router';
import type { QueryIn } from '../../../contract/endpoint';
import type { auditLogEndpoints } from '../../../contract/audit';
import { useParamsUpdate } from '../../ui';

const FILTERS = ['userId', 'action', 'entityType', 'entityId', 'from', 'to'] as const;
export type AuditLogFilter = (typeof FILTERS)[number];

/**
 * The filters and the page of the audit log, kept in the address so a reload or a shared link shows the same
 * entries. `before` is the cursor of an older page; a new filter starts again from the newest entries.
 */
export function useAuditLogParams() {
  const [params] = useSearchParams();
  const update = useParamsUpdate();
  const filters = Object.fromEntries(FILTERS.map((name) => [name, params.get(name) ?? ''])) as Record<
    AuditLogFilter,
    string
  >;
  const before = params.get('before') ?? '';

  const setFilters = (changes: Partial<Record<AuditLogFilter, string | null>>) => update({ ...changes, before: '' });
  // A page of its own in the history, so Back returns to the newer page.
  const setBefore = (cursor: string | null) => update({ before: cursor }, { replace: false });

  // The server checks every value; one edited by hand into the address is answered with its field's message.
  const query = { ...filters, before } as QueryIn<typeof auditLogEndpoints.list>;
  const filtered = FILTERS.some((name) => filters[name]);
  return { filters, before, query, filtered, setFilters, setBefore };
}

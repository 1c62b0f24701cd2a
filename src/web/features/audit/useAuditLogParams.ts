import { useSearchParams } from 'react-router';
import type { QueryIn } from '../../../contract/endpoint';
import type { auditLogEndpoints } from '../../../contract/audit';
import { useParamsUpdate } from '../../ui';

const FILTERS = ['userId', 'action', 'entityType', 'entityId', 'from', 'to'] as const;
export type AuditLogFilter = (typeof FILTERS)[number];

/** The log's orders: newest first (the default, left out of the address) and oldest first. */
export type AuditLogSort = '-createdAt' | 'createdAt';

/**
 * The filters, order and page of the audit log, kept in the address so a reload or a shared link shows the same
 * entries. The page's cursor is `before` newest first (older entries follow) and `after` oldest first (newer ones
 * follow); a new filter or order starts again from the first page.
 */
export function useAuditLogParams() {
  const [params] = useSearchParams();
  const update = useParamsUpdate();
  const filters = Object.fromEntries(FILTERS.map((name) => [name, params.get(name) ?? ''])) as Record<
    AuditLogFilter,
    string
  >;
  const sort: AuditLogSort = params.get('sort') === 'createdAt' ? 'createdAt' : '-createdAt';
  const cursorName = sort === 'createdAt' ? 'after' : 'before';
  const cursor = params.get(cursorName) ?? '';
  const firstPage = { before: '', after: '' };

  const setFilters = (changes: Partial<Record<AuditLogFilter, string | null>>) => update({ ...changes, ...firstPage });
  const setSort = (next: string) => update({ sort: next === 'createdAt' ? next : '', ...firstPage });
  // A page of its own in the history, so Back returns to the page before it.
  const setCursor = (next: string | null) => update({ [cursorName]: next }, { replace: false });

  // The server checks every value; one edited by hand into the address is answered with its field's message.
  const query = {
    ...filters,
    ...(sort === 'createdAt' ? { sort } : {}),
    [cursorName]: cursor,
  } as QueryIn<typeof auditLogEndpoints.list>;
  const filtered = FILTERS.some((name) => filters[name]);
  return { filters, sort, cursor, query, filtered, setFilters, setSort, setCursor };
}

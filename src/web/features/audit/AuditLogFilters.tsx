import { Select, TextInput } from '@mantine/core';
import { AUDIT_ENTITY_TYPES } from '../../../contract/audit';
import { DateRangeFields, FilterBar } from '../../ui';
import { useStaffList } from './api';
import { actionGroups, recordLabel } from './labels';
import type { useAuditLogParams } from './useAuditLogParams';

/** Two filters a row on a phone, a fixed width from 576 px. */
const HALF = { base: 'calc(50% - 6px)', xs: 170 };
const ACTION_GROUPS = actionGroups();
const RECORD_TYPES = AUDIT_ENTITY_TYPES.map((type) => ({ value: type, label: recordLabel(type) }));

type Params = ReturnType<typeof useAuditLogParams>;

export function AuditLogFilters({
  filters,
  filtered,
  setFilters,
}: Pick<Params, 'filters' | 'filtered' | 'setFilters'>) {
  const staff = useStaffList();
  return (
    <FilterBar
      filtered={filtered}
      onReset={() => setFilters({ userId: null, action: null, entityType: null, entityId: null, from: null, to: null })}
      mb="md"
    >
      <Select
        label="User"
        placeholder="Everyone"
        data={staff.data?.map((u) => ({ value: String(u.id), label: u.name })) ?? []}
        value={filters.userId || null}
        onChange={(userId) => setFilters({ userId })}
        searchable
        clearable
        w={{ base: '100%', xs: 220 }}
      />
      <Select
        label="Action"
        placeholder="Every action"
        data={ACTION_GROUPS}
        value={filters.action || null}
        onChange={(action) => setFilters({ action })}
        searchable
        clearable
        w={{ base: '100%', xs: 240 }}
      />
      <Select
        label="Record type"
        placeholder="Any record"
        data={RECORD_TYPES}
        value={filters.entityType || null}
        onChange={(entityType) => setFilters({ entityType, ...(entityType ? {} : { entityId: null }) })}
        clearable
        w={HALF}
      />
      <TextInput
        label="Record id"
        inputMode="numeric"
        value={filters.entityId}
        onChange={(event) => setFilters({ entityId: event.currentTarget.value.replace(/\D/g, '') })}
        disabled={!filters.entityType}
        w={HALF}
      />
      <DateRangeFields labels={['From', 'To']} from={filters.from} to={filters.to} onChange={setFilters} w={HALF} />
    </FilterBar>
  );
}

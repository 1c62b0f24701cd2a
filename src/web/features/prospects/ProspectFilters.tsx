import { Select, SimpleGrid } from '@mantine/core';
import { DatePickerInput, type DatesRangeValue } from '@mantine/dates';
import { SearchInput, useFilterParams, DATE_FORMAT } from '../../ui';
import { useCan } from '../auth';
import { useProspectFilterOptions } from './api';

const isoDay = (d: string | null) => (d ? d.slice(0, 10) : undefined);

/** The visits' filters, kept in the address, so a reload, a shared link or a saved view shows the same visits. */
export function useProspectFilters() {
  const params = useFilterParams();
  const q = params.get('q');
  const repId = params.get('repId') || null;
  const actionId = params.get('actionId') || null;
  const converted = params.get('converted') || null;
  const range: DatesRangeValue<string> = [params.get('from') || null, params.get('to') || null];
  // The server checks every value; one edited by hand into the address is answered with its field's message.
  const query = {
    q: q || undefined,
    repId: repId ? Number(repId) : undefined,
    actionId: actionId ? Number(actionId) : undefined,
    converted: (converted as 'yes' | 'no' | null) ?? undefined,
    from: range[0] ?? undefined,
    to: range[1] ?? range[0] ?? undefined,
  };
  return { query, fields: { q, repId, actionId, converted, range }, set: params.set };
}

type Fields = ReturnType<typeof useProspectFilters>['fields'];

export function ProspectFilters({
  fields: { q, repId, actionId, converted, range },
  set,
}: {
  fields: Fields;
  set: ReturnType<typeof useProspectFilters>['set'];
}) {
  const options = useProspectFilterOptions();
  const can = useCan();
  const filter = (name: string) => (value: string | null) => set({ [name]: value });
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} spacing="sm">
      <SearchInput label="Search" value={q} onChange={filter('q')} placeholder="Name, address, city or ZIP" />
      {/* A rep sees only their own visits: there is no other rep to filter by. */}
      {can('prospects.view-all') && (
        <Select
          label="Rep"
          placeholder="All reps"
          clearable
          searchable
          value={repId}
          onChange={filter('repId')}
          data={(options.data?.repOptions ?? []).map((r) => ({ value: String(r.id), label: r.name }))}
        />
      )}
      <Select
        label="Action"
        placeholder="All actions"
        clearable
        value={actionId}
        onChange={filter('actionId')}
        data={(options.data?.actionOptions ?? []).map((a) => ({
          value: String(a.id),
          label: a.parent_id === null ? a.description : `— ${a.description}`,
        }))}
      />
      <Select
        label="Converted"
        placeholder="Converted or not"
        clearable
        value={converted}
        onChange={filter('converted')}
        data={[
          { value: 'yes', label: 'Converted' },
          { value: 'no', label: 'Not converted' },
        ]}
      />
      <DatePickerInput
        type="range"
        label="Visited between"
        placeholder={`${DATE_FORMAT} – ${DATE_FORMAT}`}
        valueFormat={DATE_FORMAT}
        clearable
        allowSingleDateInRange
        value={range}
        onChange={([from, to]) => set({ from: isoDay(from), to: isoDay(to) })}
      />
    </SimpleGrid>
  );
}

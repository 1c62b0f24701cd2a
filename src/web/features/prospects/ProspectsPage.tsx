import { Link } from 'react-router';
import { Anchor, Badge, Button, Select, SimpleGrid, Stack } from '@mantine/core';
import { DatePickerInput, type DatesRangeValue } from '@mantine/dates';
import { IconMap, IconPlus } from '@tabler/icons-react';
import { prospectEndpoints, type ProspectListQuery, type ProspectRow } from '../../../contract/prospects';
import { href, paths } from '../../paths';
import {
  DataTable,
  ExportButton,
  pageQueryProps,
  PageHeader,
  SearchInput,
  useFilterParams,
  useUrlPager,
  type Column,
  DATE_FORMAT,
  formatDate,
  formatDateTime,
} from '../../ui';
import { SavedViewsMenu } from '../saved-views';
import { useCan } from '../auth';
import { useProspectFilterOptions, useProspects } from './api';

const PER_PAGE = 25;

const columns: Column<ProspectRow>[] = [
  {
    key: 'name',
    header: 'Prospect',
    render: (r) => (
      <Anchor component={Link} to={href(paths.prospect, { id: r.id })}>
        {r.name || r.address}
      </Anchor>
    ),
  },
  { key: 'address', header: 'Address', render: (r) => `${r.address}, ${r.city}, ${r.state} ${r.zip}` },
  { key: 'repName', header: 'Rep' },
  { key: 'action', header: 'Action' },
  {
    key: 'converted',
    header: 'Converted',
    render: (r) =>
      r.convertedAt ? (
        <Badge color="green" variant="light">
          {formatDate(r.convertedAt)}
        </Badge>
      ) : (
        <Badge color="gray" variant="light">
          No
        </Badge>
      ),
  },
  { key: 'createdAt', header: 'Visited', sortable: 'desc', render: (r) => formatDateTime(r.createdAt) },
];

const isoDay = (d: string | null) => (d ? d.slice(0, 10) : undefined);

export function ProspectsPage() {
  const options = useProspectFilterOptions();
  const can = useCan();
  const pager = useUrlPager<ProspectListQuery['sort']>('-createdAt');
  // The filters live in the address, so a reload, a shared link or a saved view shows the same visits.
  const params = useFilterParams();
  const q = params.get('q');
  const repId = params.get('repId') || null;
  const actionId = params.get('actionId') || null;
  const converted = params.get('converted') || null;
  const range: DatesRangeValue<string> = [params.get('from') || null, params.get('to') || null];
  // The server checks every value; one edited by hand into the address is answered with its field's message.
  const filters = {
    q: q || undefined,
    repId: repId ? Number(repId) : undefined,
    actionId: actionId ? Number(actionId) : undefined,
    converted: (converted as 'yes' | 'no' | null) ?? undefined,
    from: range[0] ?? undefined,
    to: range[1] ?? range[0] ?? undefined,
  };
  const list = useProspects({ ...pager.request, perPage: PER_PAGE, ...filters });
  const filter = (name: string) => (value: string | null) => params.set({ [name]: value });

  return (
    <Stack>
      <PageHeader
        title="Prospects"
        actions={
          <>
            <SavedViewsMenu list="prospects" />
            <ExportButton
              endpoint={prospectEndpoints.export}
              query={{ ...filters, sort: pager.request.sort }}
              total={list.data?.total}
              estimated={list.data?.estimated}
            />
            <Button component={Link} to={paths.prospectMap} variant="default" leftSection={<IconMap size={16} />}>
              Prospect map
            </Button>
            {can('prospects.log') && (
              <Button component={Link} to={paths.prospectCreate} leftSection={<IconPlus size={16} />}>
                Log a visit
              </Button>
            )}
          </>
        }
      />
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
          onChange={([from, to]) => params.set({ from: isoDay(from), to: isoDay(to) })}
        />
      </SimpleGrid>
      <DataTable
        caption="Prospect visits, newest first"
        columns={columns}
        {...pageQueryProps(list)}
        {...pager.props}
        perPage={PER_PAGE}
        empty="No prospect visits match."
        minWidth={760}
      />
    </Stack>
  );
}

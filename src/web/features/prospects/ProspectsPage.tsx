import { Link } from 'react-router';
import { Anchor, Badge, Button } from '@mantine/core';
import { IconMap, IconPlus } from '@tabler/icons-react';
import { prospectEndpoints, type ProspectListQuery, type ProspectRow } from '../../../contract/prospects';
import { href, paths } from '../../paths';
import { ListPage, pageQueryProps, useUrlPager, type Column, formatDate, formatDateTime } from '../../ui';
import { SavedViewsMenu } from '../saved-views';
import { useCan } from '../auth';
import { useProspects } from './api';
import { ProspectFilters, useProspectFilters } from './ProspectFilters';
import { useVisitsReadAhead } from './useVisitsReadAhead';

const columns: Column<ProspectRow>[] = [
  {
    key: 'name',
    header: 'Prospect',
    card: 'title',
    sortable: 'asc',
    render: (r) => (
      <Anchor component={Link} to={href(paths.prospect, { id: r.id })}>
        {r.name || r.address}
      </Anchor>
    ),
  },
  { key: 'address', header: 'Address', render: (r) => `${r.address}, ${r.city}, ${r.state} ${r.zip}` },
  { key: 'repName', header: 'Rep', nowrap: true },
  { key: 'action', header: 'Action' },
  {
    key: 'converted',
    header: 'Converted',
    nowrap: true,
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
  {
    key: 'createdAt',
    header: 'Visited',
    nowrap: true,
    sortable: 'desc',
    render: (r) => formatDateTime(r.createdAt),
  },
];

export function ProspectsPage() {
  const can = useCan();
  const pager = useUrlPager<ProspectListQuery['sort']>('-createdAt');
  const { query, fields, set } = useProspectFilters();
  const list = useProspects({ ...pager.request, ...query });
  useVisitsReadAhead(list.data?.rows);

  return (
    <ListPage
      title="Prospects"
      views={<SavedViewsMenu list="prospects" />}
      exportTo={{ endpoint: prospectEndpoints.export, query: { ...query, sort: pager.request.sort } }}
      actions={
        <>
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
      filters={<ProspectFilters fields={fields} set={set} />}
      table={{
        caption: 'Prospect visits, newest first',
        columns,
        ...pageQueryProps(list),
        ...pager.props,
        empty: 'No prospect visits match.',
        minWidth: 760,
      }}
    />
  );
}

import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { supplierEndpoints, type Supplier, type SupplierListQuery } from '../../../contract/suppliers';
import { formatDate, ListPage, pageQueryProps, SearchInput, useFilterParams, useUrlPager, type Column } from '../../ui';
import { SavedViewsMenu } from '../saved-views';
import { href, paths } from '../../paths';
import { PermittedLink, useCan } from '../auth';
import { useSuppliers } from './api';
const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

const columns: Column<Supplier>[] = [
  {
    key: 'name',
    header: 'Name',
    sortable: 'asc',
    card: 'title',
    // The supplier's page is its edit form: a role that cannot edit reads the row here.
    render: (s) => (
      <PermittedLink permission="suppliers.manage" to={href(paths.supplierEdit, { id: s.id })}>
        {s.name}
      </PermittedLink>
    ),
  },
  {
    key: 'contact',
    header: 'Contact',
    render: (s) => [s.contactName, s.contactEmail, s.contactPhone].filter(Boolean).join(' · ') || '—',
  },
  { key: 'billingCycle', header: 'Billing cycle', nowrap: true },
  { key: 'frequency', header: 'Frequency', nowrap: true },
  { key: 'prorates', header: 'Prorates', render: (s) => yesNo(s.prorates === '1') },
  { key: 'supplierReport', header: 'Supplier report', render: (s) => yesNo(s.supplierReport) },
  { key: 'createdAt', header: 'Added', nowrap: true, sortable: 'desc', render: (s) => formatDate(s.createdAt) },
];

export function SuppliersPage() {
  const pager = useUrlPager<SupplierListQuery['sort']>('-createdAt');
  const params = useFilterParams();
  const q = params.get('q');
  const list = useSuppliers({ ...pager.request, q });
  const can = useCan();
  return (
    <ListPage
      title="Suppliers"
      views={<SavedViewsMenu list="suppliers" />}
      exportTo={{ endpoint: supplierEndpoints.export, query: { q, sort: pager.request.sort } }}
      actions={
        can('suppliers.manage') && (
          <Button component={Link} to={paths.supplierCreate} leftSection={<IconPlus size={16} />}>
            Add supplier
          </Button>
        )
      }
      filters={
        <SearchInput
          value={q}
          onChange={(value) => params.set({ q: value })}
          placeholder="Search suppliers"
          maw={360}
        />
      }
      table={{
        caption: 'Suppliers',
        columns,
        ...pageQueryProps(list),
        ...pager.props,
        empty: q ? 'No supplier matches this search.' : 'No suppliers yet.',
      }}
    />
  );
}

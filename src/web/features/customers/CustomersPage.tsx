import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { CUSTOMER_SEARCH_MIN_CHARS } from '../../../contract/business';
import { customerEndpoints, isSearchable, type CustomerListQuery, type CustomerRow } from '../../../contract/customers';
import { ListPage, pageQueryProps, SearchInput, useFilterParams, useUrlPager, type Column, formatDate } from '../../ui';
import { SavedViewsMenu } from '../saved-views';
import { href, paths } from '../../paths';
import { useCustomers } from './api';

const columns: Column<CustomerRow>[] = [
  { key: 'id', header: 'ID', nowrap: true, width: 90, sortable: 'desc' },
  {
    key: 'name',
    header: 'Name',
    sortable: 'asc',
    card: 'title',
    render: (c) => (
      <Anchor component={Link} to={href(paths.customer, { id: c.id })}>
        {c.name}
      </Anchor>
    ),
  },
  { key: 'email', header: 'Email', render: (c) => c.email ?? '—' },
  { key: 'phone', header: 'Phone', nowrap: true, render: (c) => c.phone ?? '—' },
  { key: 'city', header: 'City', render: (c) => [c.city, c.state].filter(Boolean).join(', ') || '—' },
  {
    key: 'createdAt',
    header: 'Customer since',
    nowrap: true,
    sortable: 'desc',
    render: (c) => formatDate(c.createdAt),
  },
];

export function CustomersPage() {
  const pager = useUrlPager<CustomerListQuery['sort']>('-createdAt');
  const params = useFilterParams();
  const q = params.get('q');
  const list = useCustomers({ ...pager.request, q: isSearchable(q) ? q : '' });
  return (
    <ListPage
      title="Customers"
      views={<SavedViewsMenu list="customers" />}
      exportTo={{
        endpoint: customerEndpoints.export,
        query: { q: isSearchable(q) ? q : '', sort: pager.request.sort },
      }}
      filters={
        <SearchInput
          value={q}
          onChange={(value) => params.set({ q: value })}
          placeholder="Start typing name or customer ID"
          label="Search customers"
          description={`Name, customer ID, phone or e-mail; ${CUSTOMER_SEARCH_MIN_CHARS} or more characters.`}
          maw={420}
        />
      }
      table={{
        caption: 'Customers',
        columns,
        ...pageQueryProps(list),
        ...pager.props,
        empty: isSearchable(q) ? 'No customer matches this search.' : 'No customers yet.',
      }}
    />
  );
}

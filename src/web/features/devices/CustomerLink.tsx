import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { href, paths } from '../../paths';

/** A customer's name and id, opening the customer's page. */
export function CustomerLink({ customer }: { customer: { id: number; name: string } | null }) {
  if (!customer) return <>—</>;
  return (
    <Anchor component={Link} to={href(paths.customer, { id: customer.id })} size="sm">
      {customer.name} (#{customer.id})
    </Anchor>
  );
}

import { href, paths } from '../../paths';
import { PermittedLink } from '../auth';

/** A customer's name and id, opening the customer's page for a role that may see it. */
export function CustomerLink({ customer }: { customer: { id: number; name: string } | null }) {
  if (!customer) return <>—</>;
  return (
    <PermittedLink permission="customers.view" to={href(paths.customer, { id: customer.id })} size="sm">
      {customer.name} (#{customer.id})
    </PermittedLink>
  );
}
